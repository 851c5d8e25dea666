"""A fuzz campaign: the loop that draws, judges and records programs (`loop`), over several worker processes
(`parallel`), steered away from known bugs (`steering`), with its progress line, summary and reports
(`progress`, `report`, `stats`) and the release matrix (`matrix`). Import the module you need; this file
re-exports nothing."""
