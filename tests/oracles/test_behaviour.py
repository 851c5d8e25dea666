"""The compiled output's behaviour labels (what the compiler did), on real output and on mutants of it."""

from __future__ import annotations

from collections.abc import Callable

from iree.compiler import ir
from stream_fuzz.oracles.behaviour import MEASURES, behaviour
from stream_fuzz.oracles.facts import read_facts

from tests import mutants


def labels_and_measures(module: ir.Module) -> tuple[frozenset[str], dict[str, float]]:
    return behaviour(read_facts(module), module)


def test_the_seed_program_shows_its_waves_flushes_copies_and_devices(
    compiled: Callable[[str], str], parse: Callable[[str], ir.Module]
) -> None:
    # #19891's tensor-parallel fan-out: one execute per device, transfers in a wave, flushed to readers.
    labels, measures = labels_and_measures(parse(compiled("seed_tp4_fanout")))
    assert {"out_wave", "out_flush", "out_copy", "out_packed_slab"} <= labels
    assert "out_executes_on_3+_devices" in labels
    assert set(measures) == set(MEASURES)
    assert measures["out devices with executes"] >= 3 and measures["out flushes+invalidates"] >= 1


def test_labels_follow_what_the_output_holds(
    compiled: Callable[[str], str], parse: Callable[[str], ir.Module]
) -> None:
    module = parse(compiled("seed_tp4_fanout"))
    before, measured = labels_and_measures(module)
    mutants.drop_flushes(module)
    after, measured_after = labels_and_measures(module)
    assert "out_flush" in before and "out_flush" not in after
    assert measured_after["out flushes+invalidates"] < measured["out flushes+invalidates"]
    assert after - before == frozenset()


def test_a_pull_is_an_invalidate(compiled: Callable[[str], str], parse: Callable[[str], ir.Module]) -> None:
    labels, _ = labels_and_measures(parse(compiled("alloc_pull_transfer")))
    assert "out_invalidate" in labels


def test_collectives_parameters_and_host_round_trips_are_seen(
    compiled: Callable[[str], str], parse: Callable[[str], ir.Module]
) -> None:
    collective, _ = labels_and_measures(parse(compiled("stream_collective_tp2")))
    staged, _ = labels_and_measures(parse(compiled("stream_parameter_and_staging")))
    assert "out_collective" in collective and "out_collective" not in staged
    assert {"out_parameter_load", "out_host_load_store"} <= staged
    assert not {"out_parameter_load", "out_host_load_store"} & collective


def test_config_print_defects_are_read_and_reported(compiler) -> None:
    # The real compiler's output for a module carrying both configs does not read back (known print defects,
    # corpus/bad-output-*-config-*); the oracle still reads it, and says what the parser refused.
    from stream_fuzz.oracles import check_text
    from stream_fuzz.oracles.sanitize import repair_print_defects

    from stream_fuzz.compiler import Outcome, resolve_pipeline

    text = (
        'module attributes {stream.partitioning = #stream.partitioning_config<"min-peak-memory">, '
        "stream.resources = #stream.resource_config<{max_allocation_size = 1048576, "
        "min_buffer_offset_alignment = 16, max_buffer_range = 1048576, min_buffer_range_alignment = 16, "
        "index_bits = 32, alias_mutable_bindings = true, memory_model = Unified}>} {\n"
        "  util.func public @main() {\n    util.return\n  }\n}\n"
    )
    result = compiler.compile(text, resolve_pipeline("stream"))
    assert result.outcome is Outcome.BAD_OUTPUT
    output = result.output or ""
    assert "alias_mutable_bindings = 1" in output and "<favor-min-peak-memory>" in output
    repaired = repair_print_defects(output)
    assert "alias_mutable_bindings = true" in repaired and '<"min-peak-memory">' in repaired
    assert check_text(output).defect and not check_text(repaired).defect
