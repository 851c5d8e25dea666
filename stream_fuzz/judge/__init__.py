"""Judging one program: compile it with the compiler under test, run the oracles, and turn a verdict into a
finding (`verdict`, `findings`, `fixes`; `preflight` checks the setup first; `l3` does it for frontend
programs). Import the module you need; this file re-exports nothing, so importing one costs no others."""
