"""The corpus of findings as lit tests: reading and writing entries (`store`), their CHECK and RUN lines
(`checklines`, `filecheck`, `litformat`), replaying them (`replay`), the releases each one fails on
(`releases`), whether a new finding is a known one (`attribution`) and the trophy table (`trophies`).
Import the module you need; this file re-exports nothing."""
