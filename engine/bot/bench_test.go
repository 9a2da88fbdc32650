package bot

import (
	"testing"
	"time"

	"brass/engine"
)

// benchDecisions times one decision of a level over positions of a 4-player game of each
// edition (every 9th decision of Medium self-play; BenchmarkHard/lancashire-roxley),
// reporting the mean and the longest milliseconds per decision (the longest is what a
// player waits for at worst). Run natively with GOMAXPROCS=1 and under wasm:
//
//	GOMAXPROCS=1 go test ./engine/bot -run XXX -bench .
//	PATH="$(go env GOROOT)/lib/wasm:$PATH" GOOS=js GOARCH=wasm go test ./engine/bot -run XXX -bench Hard
func benchDecisions(b *testing.B, bot Bot) {
	for _, e := range editions {
		b.Run(e.name, func(b *testing.B) {
			cfg := e.cfg
			cfg.Players = 4
			states := positions(b, cfg, 2024, 9)
			views := make([]engine.State, len(states))
			for i := range states {
				views[i] = states[i].View(states[i].Actor())
			}
			var longest time.Duration
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				v := &views[i%len(views)]
				start := time.Now()
				if _, err := bot.Choose(v, v.Actor(), uint64(i)); err != nil {
					b.Fatal(err)
				}
				longest = max(longest, time.Since(start))
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/decision")
			b.ReportMetric(float64(longest.Microseconds())/1000, "max-ms/decision")
		})
	}
}

func BenchmarkEasy(b *testing.B)   { benchDecisions(b, Bot{Level: Easy}) }
func BenchmarkMedium(b *testing.B) { benchDecisions(b, Bot{Level: Medium}) }
func BenchmarkHard(b *testing.B)   { benchDecisions(b, Bot{Level: Hard}) }

// BenchmarkHardHandBuilt is Hard thinking with the hand-built evaluation, on the same
// positions: what the learned evaluation costs.
func BenchmarkHardHandBuilt(b *testing.B) { benchDecisions(b, Bot{Level: Hard, HandBuilt: true}) }
