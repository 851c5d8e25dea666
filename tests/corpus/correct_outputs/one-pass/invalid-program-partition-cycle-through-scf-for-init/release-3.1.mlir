// output of iree-opt 3.1.0 (a release without the bug)
module {
  util.global private @d0 : !hal.device
  util.func public @main() {
    util.return
  }
}
