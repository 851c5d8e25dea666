"""How a chunk's Hypothesis run ends, besides finishing: a finding (one exception class per signature, so
Hypothesis shrinks distinct bugs apart), the budget or a level's shrink allowance running out, or a failure of
stream-fuzz itself. The last three are BaseExceptions: Hypothesis must not take them for failing examples."""

from __future__ import annotations


class BudgetExhausted(BaseException):
    """Raised inside a Hypothesis run to end it when time is up. A BaseException, so Hypothesis does not
    take it for a failing example and shrink it; findings are already on disk."""


class ShrinkTimeUp(BaseException):
    """Raised inside a Hypothesis run that is shrinking when its level's shrink allowance is spent: ends
    that run (not the campaign). A BaseException for the same reason as `BudgetExhausted`."""


class DriverFailure(BaseException):
    """stream-fuzz itself failed while judging a program (not a finding). A BaseException so Hypothesis
    stops at once instead of shrinking our own bug."""


class FindingFailure(AssertionError):
    """Base of the per-signature exception classes raised for new findings."""


_FAILURE_CLASSES: dict[str, type[FindingFailure]] = {}


def failure_class(signature: str) -> type[FindingFailure]:
    """One class per signature: Hypothesis tells bugs apart by exception type and origin."""
    if signature not in _FAILURE_CLASSES:
        name = "Finding_" + signature.replace("-", "_")
        _FAILURE_CLASSES[signature] = type(name, (FindingFailure,), {})
    return _FAILURE_CLASSES[signature]


def raise_what_is_not_a_finding(group: BaseExceptionGroup) -> None:
    """Hypothesis groups what ended a run that met several bugs: the findings (recorded already), and
    maybe the signal, our own failure or the time running out while it shrank one of them. Raise that
    one as itself, so that `run` ends as it would for a single bug; anything else as the group."""
    _, rest = group.split(FindingFailure)
    if rest is None:
        return
    for kind in (KeyboardInterrupt, DriverFailure, BudgetExhausted, ShrinkTimeUp):
        matched, _ = rest.split(kind)
        if matched is not None:
            raise _first_leaf(matched) from None
    raise rest from None


def _first_leaf(group: BaseExceptionGroup) -> BaseException:
    first = group.exceptions[0]
    return _first_leaf(first) if isinstance(first, BaseExceptionGroup) else first
