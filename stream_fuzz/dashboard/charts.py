"""The report's plots, drawn by matplotlib as inline SVG (no script, no font or file fetched).

Every series is an artist with a `gid`, which matplotlib writes as the id of its SVG group
(`<g id="series-...">`): the browser test finds the curves by these ids, and a reader's tools can too.
Figures are made with `matplotlib.figure.Figure` (no pyplot: no global state, no GUI backend).
"""

from __future__ import annotations

import io
import math
from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass

from matplotlib import rc_context
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from stream_fuzz.generators.model import LEVELS

_SIZE = (5.6, 2.9)  # inches; two plots side by side on a laptop screen
# The timeline's counters: (seconds from the run's start, {counter: increment in that second}).
Samples = Sequence[tuple[float, Mapping[str, float]]]
LEVEL_COLOURS = {"l1": "#1f77b4", "l2": "#ff7f0e", "l3": "#2ca02c"}


@dataclass(frozen=True)
class Chart:
    """One plot: its title, what a reader should take from it, and its SVG."""

    key: str  # the figure's id: `chart-<key>`
    title: str
    caption: str
    svg: str
    series: tuple[str, ...]  # the gids of the series drawn (`series-...`)


def _style() -> AbstractContextManager[None]:
    """Text stays text (the page's own font: nothing embedded); ids are stable from one run to the next."""
    return rc_context(
        {"svg.fonttype": "none", "svg.hashsalt": "stream-fuzz", "font.size": 9, "axes.grid": True}
    )


def _svg(figure: Figure) -> str:
    out = io.StringIO()
    figure.savefig(out, format="svg", metadata={"Date": None}, bbox_inches="tight")
    text = out.getvalue()
    return text[text.index("<svg") :]  # the XML prolog and DOCTYPE do not belong inside HTML


def _figure() -> tuple[Figure, Axes]:
    figure = Figure(figsize=_SIZE)
    return figure, figure.add_subplot()


def _finish(axes: Axes, xlabel: str, ylabel: str, setup_s: float = 0.0) -> None:
    """Labels and limits; `setup_s`: the run's first seconds, before any program (the checks), shaded."""
    if setup_s > 0:
        axes.axvspan(0, setup_s, color="#e8e8e8", zorder=0, label="set-up")
    axes.set_xlabel(xlabel)
    axes.set_ylabel(ylabel)
    axes.set_xlim(left=0)
    axes.set_ylim(bottom=0)
    if axes.get_legend_handles_labels()[0]:
        axes.legend(loc="upper left", fontsize=8, frameon=False)


def cumulative(times: Sequence[float], end: float) -> tuple[list[float], list[int]]:
    """A step curve of how many were met by each time: from (0, 0) to the run's end."""
    xs, ys = [0.0], [0]
    for count, at in enumerate(sorted(times), start=1):
        xs.append(at)
        ys.append(count)
    xs.append(max(end, xs[-1]))
    ys.append(ys[-1])
    return xs, ys


def _step(axes: Axes, gid: str, times: Sequence[float], end: float, label: str, colour: str) -> str:
    xs, ys = cumulative(times, end)
    (line,) = axes.plot(xs, ys, drawstyle="steps-post", label=f"{label} ({len(times)})", color=colour)
    line.set_gid(gid)
    return gid


def saturation(firsts: Mapping[str, float], new: set[str], end: float, setup_s: float = 0.0) -> Chart:
    """Distinct signatures met over time, new ones apart from those the corpus knew."""
    with _style():
        figure, axes = _figure()
        fresh = [at for signature, at in firsts.items() if signature in new]
        known = [at for signature, at in firsts.items() if signature not in new]
        series = (
            _step(axes, "series-new-signatures", fresh, end, "new", "C3"),
            _step(axes, "series-known-signatures", known, end, "known", "C7"),
        )
        _finish(axes, "seconds", "distinct signatures", setup_s)
        svg = _svg(figure)
    caption = "A curve that has flattened says this campaign has stopped meeting new bugs (saturation)."
    return Chart("signatures", "Signatures over time", caption, svg, series)


def rate_bins(end: float) -> float:
    """The width of the bins rates are averaged over: about 60 points a run, at least 2 s each."""
    return float(max(2, math.ceil(end / 60)))


def rates(samples: Samples, end: float) -> dict[str, list[float]]:
    """Programs per second of each level, averaged over bins of `rate_bins` seconds (the last bin over
    what of it the run lasted)."""
    width = rate_bins(end)
    count = max(1, math.ceil(end / width))
    per_level = {level: [0.0] * count for level in LEVELS}
    for second, counts in samples:
        index = min(int(second // width), count - 1)
        for level in LEVELS:
            per_level[level][index] += counts.get(f"programs:{level}", 0.0)
    for values in per_level.values():
        for index in range(count):
            span = min(width, end - index * width) if end > index * width else width
            values[index] /= max(span, 1.0)
    return {level: values for level, values in per_level.items() if any(values)}


def throughput(samples: Samples, end: float, setup_s: float = 0.0) -> Chart:
    width = rate_bins(end)
    series = []
    with _style():
        figure, axes = _figure()
        for level, values in rates(samples, end).items():
            xs = [index * width + width / 2 for index in range(len(values))]
            (line,) = axes.plot(xs, values, marker=".", label=level, color=LEVEL_COLOURS[level])
            line.set_gid(f"series-rate-{level}")
            series.append(f"series-rate-{level}")
        _finish(axes, "seconds", "programs / s", setup_s)
        svg = _svg(figure)
    caption = f"All workers together, averaged over {width:g} s; a level fuzzed in turns shows gaps."
    return Chart("rate", "Programs per second, per level", caption, svg, tuple(series))


def coverage(
    inputs: Mapping[str, float], outputs: Mapping[str, float], end: float, setup_s: float = 0.0
) -> Chart:
    """Distinct generator features (input labels) and compiler behaviours (output labels) met."""
    with _style():
        figure, axes = _figure()
        series = (
            _step(axes, "series-input-labels", list(inputs.values()), end, "input labels", "C0"),
            _step(axes, "series-output-labels", list(outputs.values()), end, "output labels", "C1"),
        )
        _finish(axes, "seconds", "distinct labels", setup_s)
        svg = _svg(figure)
    caption = (
        "Input labels: constructs the generator drew (L1/L2); output labels: what the compiler did with "
        "them, per level. New labels late in a run mean the search still reaches new ground."
    )
    return Chart("coverage", "Feature coverage over time", caption, svg, series)


def time_split(timing: Mapping[str, float], shrink_s: float, worker_s: float) -> Chart:
    """Where the workers' time went. Shrinking is drawn apart: its programs' generating, compiling and
    checking are counted in the first three bars too."""
    names = ("generate", "compile", "oracle", "shrink")
    values = [timing.get("generate_s", 0.0), timing.get("compile_s", 0.0), timing.get("oracle_s", 0.0)]
    values.append(shrink_s)
    with _style():
        figure, axes = _figure()
        bars = axes.barh(names[::-1], values[::-1], color=["C4", "C2", "C1", "C0"])
        for bar, name in zip(bars, names[::-1], strict=True):
            bar.set_gid(f"series-time-{name}")
        for bar, value in zip(bars, values[::-1], strict=True):
            share = f" {value / worker_s:.0%}" if worker_s else ""
            axes.annotate(
                f"{value:.1f} s{share}",
                (bar.get_width(), bar.get_y() + bar.get_height() / 2),
                xytext=(3, 0),
                textcoords="offset points",
                va="center",
                fontsize=8,
            )
        axes.set_xlim(0, max([*values, 1.0]) * 1.25)
        axes.set_xlabel("worker-seconds")
        axes.grid(axis="y", visible=False)
        svg = _svg(figure)
    caption = (
        f"Shares of {worker_s:.0f} worker-seconds (workers x run time). Shrinking overlaps the others: its "
        "programs are generated, compiled and checked too."
    )
    series = tuple(f"series-time-{name}" for name in names)
    return Chart("time", "Where the time went", caption, svg, series)
