"""The placement oracle: is every allocation, write, flush, invalidate and export of compiled stream IR on
the device that consumes it?

    report = check_module(module)   # an `iree.compiler.ir.Module` after schedule-allocation
    report = check_text(ir_text)    # the same from printed IR (older releases included)
    for violation in report.violations: print(violation.rule, violation.severity, violation)

Facts (`facts.py`) are read from the IR with the bindings; rules (`rules.py`) judge them. Each rule has a
severity (`Severity`): placement, race, visibility or intent.
"""

from .check import Report, check_module, check_text
from .rules import RULE_IDS, Rule, Severity, Violation

__all__ = ["RULE_IDS", "Report", "Rule", "Severity", "Violation", "check_module", "check_text"]
