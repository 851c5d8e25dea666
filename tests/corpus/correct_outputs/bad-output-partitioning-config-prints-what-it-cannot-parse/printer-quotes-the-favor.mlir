// hand repair: PartitioningConfigAttr::print writes the favor as the quoted string the parser reads (`<"max-concurrency">`, as schedule_concurrency.mlir spells it), so the second iree-opt reads the module back and prints it the same way.
module attributes {stream.partitioning = #stream.partitioning_config<"max-concurrency">} {
  util.func public @main() {
    util.return
  }
}
