//go:build !js

package push

import (
	"bytes"
	"encoding/json"
	"net/http"
	"slices"
	"testing"
	"time"
)

// BenchmarkNudgeToPush measures, over loopback, the time from a nudge's POST to the push
// service's receipt of the push, decrypted: what the server adds between a move's append and
// the push service taking the push (the push service's own delivery comes on top). The
// clock moves 10 minutes per nudge, so none is coalesced or capped. It reports the median
// and the 95th percentile over b.N nudges.
//
//	go test ./push -run '^$' -bench NudgeToPush -benchtime 500x
func BenchmarkNudgeToPush(b *testing.B) {
	f := newFixture(b)
	g := f.newGame(2)
	f.mustSubscribe(g, 1, f.ps.subscribe("b"))
	lat := make([]time.Duration, 0, b.N)
	client := &http.Client{}
	b.ResetTimer()
	for range b.N {
		f.clock.Advance(10 * time.Minute)
		body, _ := json.Marshal(f.nudgeReq(g, 0, 1, "turn"))
		start := time.Now()
		res, err := client.Post(f.api.URL+"/push/nudge", "application/json", bytes.NewReader(body))
		if err != nil {
			b.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusAccepted {
			b.Fatalf("nudge: %d", res.StatusCode)
		}
		select {
		case r := <-f.ps.got:
			if r.err != nil {
				b.Fatal(r.err)
			}
			lat = append(lat, r.at.Sub(start))
		case <-time.After(10 * time.Second):
			b.Fatal("no push within 10 s")
		}
	}
	b.StopTimer()
	slices.Sort(lat)
	ms := func(q float64) float64 {
		return float64(lat[min(len(lat)-1, int(q*float64(len(lat))))]) / float64(time.Millisecond)
	}
	b.ReportMetric(ms(0.50), "p50-ms/op")
	b.ReportMetric(ms(0.95), "p95-ms/op")
}
