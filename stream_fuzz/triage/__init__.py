"""After a finding: shrinking it (`reduce`), finding the pass that breaks it (`bisect`), proving it by a run
(`witness`) and drafting the upstream issue (`issue_draft`). Import the module you need; this file
re-exports nothing."""
