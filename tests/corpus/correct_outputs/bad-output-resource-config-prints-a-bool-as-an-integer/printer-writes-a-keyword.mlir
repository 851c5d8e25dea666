// hand repair: ResourceConfigAttr::print writes alias_mutable_bindings as the keyword `false` that the parser reads, so the second iree-opt reads the module back and prints it the same way.
module attributes {stream.resources = #stream.resource_config<{max_allocation_size = 1073741824, min_buffer_offset_alignment = 16, max_buffer_range = 1073741824, min_buffer_range_alignment = 16, index_bits = 32, alias_mutable_bindings = false, memory_model = Unified}>} {
  util.func public @main() {
    util.return
  }
}
