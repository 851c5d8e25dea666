// hand repair: the other side fixed: ResourceConfigAttr::parse also accepts the integer the printer writes for alias_mutable_bindings (0 or 1, as an integer attribute would), so the printed module reads back and is printed unchanged.
module attributes {stream.resources = #stream.resource_config<{max_allocation_size = 1073741824, min_buffer_offset_alignment = 16, max_buffer_range = 1073741824, min_buffer_range_alignment = 16, index_bits = 32, alias_mutable_bindings = 0, memory_model = Unified}>} {
  util.func public @main() {
    util.return
  }
}
