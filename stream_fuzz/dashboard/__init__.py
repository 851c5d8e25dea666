"""What people look at after a campaign: an HTML report with plots (`page`, `charts`; the `report` extra,
matplotlib), a short Markdown summary for CI job pages (`markdown`), and a headless Chromium to check and
photograph the report (`browser`)."""

# GitHub Actions sets it to a file whose Markdown is shown on the job's page (appended to, step by step).
STEP_SUMMARY = "GITHUB_STEP_SUMMARY"
