package online

import (
	"math/rand/v2"
	"testing"
	"time"
)

// BenchmarkSignedMove is the cost the trust layer adds to one move: signing it on the device
// that makes it, and checking it on a device that receives it (signature, seat and chain; the
// engine's own Apply, which every move pays anyway, is left out). The budget is
// 2 ms per move in wasm: run it there with
//
//	GOOS=js GOARCH=wasm go test -run '^$' -bench SignedMove ./app/online/
//
// (with $(go env GOROOT)/lib/wasm on PATH).
func BenchmarkSignedMove(b *testing.B) {
	tb := newTable(b, 4, 31)
	l := tb.ledger(b)
	r := rand.New(rand.NewPCG(17, 18))
	m := legal(b, l.Game(), r)
	id := tb.ids[m.Player]
	at := l.Next()
	var sign, verify time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		s := id.SignMove(tb.g.Game, at, m, false)
		t1 := time.Now()
		if r := l.check(s); r != nil {
			b.Fatal(r)
		}
		_ = s.Link()
		sign += t1.Sub(t0)
		verify += time.Since(t1)
	}
	b.ReportMetric(float64(sign.Microseconds())/float64(b.N), "µs-sign/move")
	b.ReportMetric(float64(verify.Microseconds())/float64(b.N), "µs-verify/move")
}
