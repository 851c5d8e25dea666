// hand repair: written by hand, what a fixed IPO makes of this input: both results of @callee pass its argument through, so both uses in @main take the call operand %arg0 and the dead call is gone (the callee is left for symbol DCE)
module {
  util.func private @callee(%arg0: i32) -> (i32, i32) {
    util.return %arg0, %arg0 : i32, i32
  }
  util.func public @main(%arg0: i32) -> (i32, i32) {
    util.return %arg0, %arg0 : i32, i32
  }
}
