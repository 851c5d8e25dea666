"""`stream-fuzz`, the command line: `main` (the entry point and its signal handling), `parser` (the grammar),
`common` (exit codes, errors, input checks) and one module per group of commands. Import the module you
need; this file re-exports nothing."""
