"""A run that proves a finding gives wrong data: the witness program (`build`, `bodies`), its reference
values (`reference`), running it with IREE's own `iree-run-module` (`run`) and the note it leaves in an entry
(`note`). Import the module you need; this file re-exports nothing."""
