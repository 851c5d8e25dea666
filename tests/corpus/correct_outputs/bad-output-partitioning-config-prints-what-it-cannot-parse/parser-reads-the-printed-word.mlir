// hand repair: the other side fixed: PartitioningConfigAttr::parse also accepts the bare keyword the printer writes (`favor-max-concurrency`), so the printed module reads back and is printed unchanged.
module attributes {stream.partitioning = #stream.partitioning_config<favor-max-concurrency>} {
  util.func public @main() {
    util.return
  }
}
