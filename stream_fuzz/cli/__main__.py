"""`python -m stream_fuzz.cli`: the same as the `stream-fuzz` script."""

import sys

from stream_fuzz.cli.main import main

sys.exit(main())
