package bot

import (
	"testing"
	"time"

	"brass/engine"
)

// benchLancashire times one decision of a level over positions of a 4-player Roxley
// Lancashire game (every 9th decision of Medium self-play), as benchDecisions does for
// Birmingham:
//
//	GOMAXPROCS=1 go test ./engine/bot -run XXX -bench Lancashire
//	PATH="$(go env GOROOT)/lib/wasm:$PATH" GOOS=js GOARCH=wasm go test ./engine/bot -run XXX -bench LancashireHard
func benchLancashire(b *testing.B, l Level) {
	states := lancPositions(b, engine.Config{Edition: "lancashire", Players: 4}, 2024, 9)
	views := make([]engine.State, len(states))
	for i := range states {
		views[i] = states[i].View(states[i].Actor())
	}
	bot := Bot{Level: l}
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
}

func BenchmarkLancashireEasy(b *testing.B)   { benchLancashire(b, Easy) }
func BenchmarkLancashireMedium(b *testing.B) { benchLancashire(b, Medium) }
func BenchmarkLancashireHard(b *testing.B)   { benchLancashire(b, Hard) }
