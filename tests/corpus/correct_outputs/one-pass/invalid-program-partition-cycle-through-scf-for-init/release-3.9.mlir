// output of iree-opt 3.9.0 (a release without the bug)
module {
  util.global private @d0 : !hal.device
  util.func public @main() {
    util.return
  }
}
