// PIPELINE: stream
// WHAT: A pre-scheduled transfer from @d0 to @d1 whose result is awaited but never used. Canonicalize
// erases the await and then the whole execute (ElideUnusedOp): no device reads the data, so no flush is
// owed. Once a false visibility/transfer alarm (the program's transfers were counted, dead or not).
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main(%src: !stream.resource<external>) {
    %c16 = arith.constant 16 : index
    %r, %t = stream.async.execute on(#hal.device.affinity<@d0>) with(%src as %in: !stream.resource<external>{%c16}) -> !stream.resource<external>{%c16} {
      %x = stream.async.transfer %in : !stream.resource<external>{%c16} -> to(#hal.device.affinity<@d1>) !stream.resource<external>{%c16}
      stream.yield %x : !stream.resource<external>{%c16}
    } => !stream.timepoint
    %ready = stream.timepoint.await %t => %r : !stream.resource<external>{%c16}
    util.return
  }
}
