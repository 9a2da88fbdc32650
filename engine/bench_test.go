package engine

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkRandomGame4P plays whole 4-player games of each edition
// (BenchmarkRandomGame4P/birmingham, /lancashire-roxley, /lancashire-original) choosing
// uniformly among the legal actions, and reports games per second (targets, on one core:
// Birmingham at least 3,000 natively and 1,000 in wasm under Node; Lancashire at least
// 1,000 natively).
func BenchmarkRandomGame4P(b *testing.B) {
	for _, e := range editions {
		b.Run(e.name, func(b *testing.B) { benchRandomGames(b, e.config(4)) })
	}
}

func benchRandomGames(b *testing.B, cfg Config) {
	b.ReportAllocs()
	var buf []Action
	actions := 0
	for i := 0; i < b.N; i++ {
		cfg.Seed = uint64(i)
		s, err := New(cfg)
		if err != nil {
			b.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(i), 1))
		for s.Phase != PhaseOver {
			buf = s.Legal(buf[:0])
			a := buf[r.IntN(len(buf))]
			if err := s.Apply(&a); err != nil {
				b.Fatal(err)
			}
			actions++
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(actions)/float64(b.N), "actions/game")
}

// midGameStates collects positions from random 4-player games, every 10th action.
func midGameStates(n int) []State {
	var out []State
	var buf []Action
	for seed := uint64(0); len(out) < n; seed++ {
		s, _ := New(Config{Edition: "birmingham", Players: 4, Seed: seed})
		r := rand.New(rand.NewPCG(seed, 2))
		for step := 0; s.Phase != PhaseOver; step++ {
			buf = s.Legal(buf[:0])
			if step%10 == 5 {
				out = append(out, *s)
			}
			a := buf[r.IntN(len(buf))]
			_ = s.Apply(&a)
		}
	}
	return out[:n]
}

// BenchmarkLegal times the enumeration of every legal action on mid-game states.
func BenchmarkLegal(b *testing.B) {
	states := midGameStates(200)
	b.ReportAllocs()
	b.ResetTimer()
	var buf []Action
	total := 0
	for i := 0; i < b.N; i++ {
		s := &states[i%len(states)]
		buf = s.Legal(buf[:0])
		total += len(buf)
	}
	b.ReportMetric(float64(total)/float64(b.N), "actions/state")
}

// BenchmarkHash times the canonical encoding and hash of a mid-game state.
func BenchmarkHash(b *testing.B) {
	states := midGameStates(50)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = states[i%len(states)].Hash()
	}
}

// BenchmarkReplay replays the recorded 4-player fixture game from its record (decode,
// validate, apply and log every move). Run it natively and under GOOS=js GOARCH=wasm to
// compare the two platforms.
func BenchmarkReplay(b *testing.B) {
	data := loadFixture(b, "game-4p.json")
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Replay(data.Record); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(data.Record.Moves)), "moves")
}

// BenchmarkApply times State.Apply of one legal action (with the log off, as bots play) on
// mid-game states; it must not allocate.
func BenchmarkApply(b *testing.B) {
	states := midGameStates(200)
	acts := make([]Action, len(states))
	for i := range states {
		legal := states[i].Legal(nil)
		acts[i] = legal[len(legal)/2]
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i % len(states)
		s, a := states[k], acts[k]
		if err := s.Apply(&a); err != nil {
			b.Fatal(err)
		}
	}
}
