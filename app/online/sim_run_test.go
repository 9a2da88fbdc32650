package online

import (
	"flag"
	"fmt"
	"runtime"
	"sync"
	"testing"
	"time"
)

var (
	simSeeds = flag.Int("sim-seeds", 0, "run this many simulated games per scenario (the soak; default: the few make test runs)")
	simFirst = flag.Uint64("sim-first", 1, "with -sim-seeds: the first seed (so that a soak can go on where another stopped)")
	simSeed  = flag.Uint64("sim-seed", 0, "replay one seed of every scenario")
	simTrace = flag.Bool("sim-trace", false, "with -sim-seed: log every event")
)

// scenarios are the kinds of simulated games: honest devices over a bad network, with bots
// and undos, and with one or two devices running modified code.
var scenarios = []struct {
	name  string
	cfg   simConfig
	seeds int      // in make test: 1 to seeds
	found []uint64 // and these, each a seed a soak once failed on (see docs/online.md)
}{
	// 4055: the simulator let a move overtake the hello before it on one channel.
	{"honest-2p", simConfig{Players: 2, Edition: "birmingham", Steps: 3000, Faults: 0.01, Undos: true}, 6, []uint64{4055}},
	{"honest-4p", simConfig{Players: 4, Edition: "birmingham", Steps: 4000, Faults: 0.02, Undos: true}, 4, nil},
	{"lancashire-3p", simConfig{Players: 3, Edition: "lancashire", Steps: 3000, Faults: 0.01, Undos: true}, 3, nil},
	// 3806: a bot's move where the seat's own player had moved was refused as a bot's, not
	// named as another history, so only one side of the partition said so.
	{"bots-3p", simConfig{Players: 3, Edition: "birmingham", Steps: 3000, Faults: 0.03, Bots: true}, 4, []uint64{3806}},
	// 1531: a catch-up brought an agreed undo and the move made again at once, which the
	// check read as an accepted move changed.
	{"byzantine-3p", simConfig{Players: 3, Edition: "birmingham", Steps: 3000, Faults: 0.01, Byzantine: 1, Undos: true}, 4, []uint64{1531}},
	{"byzantine-4p-two", simConfig{Players: 4, Edition: "birmingham", Steps: 3000, Faults: 0.01, Byzantine: 2}, 3, nil},
	// The devices deal the cards: no device ever holds another's card, and the audit passes.
	// 300307: a Scout's proof was taken while one of its three cards still waited for a key,
	// so the device could open the other two before the move opened them.
	{"dealt-3p", simConfig{Players: 3, Edition: "birmingham", Steps: 3000, Faults: 0.01, Dealt: true}, 3, []uint64{300307}},
	{"dealt-lancashire-2p", simConfig{Players: 2, Edition: "lancashire", Steps: 3000, Faults: 0.01, Dealt: true}, 3, nil},
	// 400018: a Scout whose first card was false left its other two cards unopened with their
	// player's keys in.
	{"dealt-byzantine-3p", simConfig{Players: 3, Edition: "birmingham", Steps: 3000, Faults: 0.01, Byzantine: 1, Dealt: true}, 3, []uint64{400018}},
}

// TestSimulation runs the scenarios over a few seeds each (a failing one names its seed:
// replay it with -sim-seed); -sim-seeds N runs N of each, the soak (make soak-online), in
// parallel shards over the machine's cores.
func TestSimulation(t *testing.T) {
	var (
		mu    sync.Mutex
		total simStats
		runs  int
	)
	start := time.Now()
	t.Run("scenarios", func(t *testing.T) {
		for _, sc := range scenarios {
			var seeds []uint64
			shards := 1
			switch {
			case *simSeed != 0:
				seeds = []uint64{*simSeed}
			case *simSeeds > 0:
				seeds, shards = seedsFrom(*simFirst, *simSeeds), runtime.GOMAXPROCS(0)
			default:
				seeds = append(seedsFrom(1, sc.seeds), sc.found...)
			}
			for shard := 0; shard < shards; shard++ {
				t.Run(fmt.Sprintf("%s/%d", sc.name, shard), func(t *testing.T) {
					if shards > 1 {
						t.Parallel()
					}
					for k := shard; k < len(seeds); k += shards {
						seed := seeds[k]
						s := newSim(sc.cfg, seed)
						if *simTrace {
							s.trace = func(line string) { t.Log(line) }
						}
						s.run()
						if s.failure == "" {
							s.failure = s.outcome()
						}
						if s.failure != "" {
							t.Fatalf("seed %d: %s (replay: go test ./app/online -run 'TestSimulation/scenarios/%s/' -sim-seed %d -v)", seed, s.failure, sc.name, seed)
						}
						mu.Lock()
						runs++
						total.add(s.stats)
						mu.Unlock()
					}
				})
			}
		}
	})
	took := time.Since(start)
	t.Logf("%d simulated games in %v (%.0f a second): %d events, %d messages (%d dropped), %d moves, %d faults (%d crashes), %d undo requests, %d bot claims (%d games parted where a bot and its player both moved), %d attacks",
		runs, took.Round(time.Millisecond), float64(runs)/took.Seconds(), total.Events, total.Messages, total.Dropped, total.Moves, total.Faults, total.Crashes, total.Undos, total.BotClaims, total.Parted, total.Attacks)
}

func (a *simStats) add(b simStats) {
	a.Events += b.Events
	a.Messages += b.Messages
	a.Dropped += b.Dropped
	a.Faults += b.Faults
	a.Moves += b.Moves
	a.Crashes += b.Crashes
	a.Undos += b.Undos
	a.BotClaims += b.BotClaims
	a.Attacks += b.Attacks
	a.Parted += b.Parted
}

// outcome judges a finished simulation: honest devices agree on one verified record that
// went somewhere, unless a cheater was caught, when every honest device stopped.
func (s *sim) outcome() string {
	stopped := 0
	honest := 0
	for _, n := range s.nodes {
		if !n.byz {
			honest++
			if n.r.Stopped() != "" {
				stopped++
			}
		}
	}
	if stopped > 0 {
		if stopped < honest {
			return fmt.Sprintf("only %d of %d honest devices stopped on proof of cheating", stopped, honest)
		}
		for _, n := range s.nodes {
			if !n.byz {
				if err := s.verify(n); err != nil {
					return err.Error()
				}
			}
		}
		return ""
	}
	if err := s.converged(); err != nil {
		// Honest devices may part for good only where a bot played a seat whose player's own
		// moves were still on their way (a partition): then both sides must say so, and the
		// game stops there rather than one side rewriting the other's moves.
		if !s.cfg.Bots || !s.partedVisibly() {
			return err.Error()
		}
		s.stats.Parted++
		return ""
	}
	for _, n := range s.nodes {
		if !n.byz && n.r.Ledger().Len() < 20 && !n.r.Game().Over() {
			return fmt.Sprintf("the game got stuck at move %d", n.r.Ledger().Len())
		}
	}
	return ""
}

// seedsFrom is n seeds from first on.
func seedsFrom(first uint64, n int) []uint64 {
	out := make([]uint64, n)
	for i := range out {
		out[i] = first + uint64(i)
	}
	return out
}

// TestSimulationReplaysExactly runs one seed of every scenario twice: every event and notice
// must be the same, or a failing seed could not be replayed.
func TestSimulationReplaysExactly(t *testing.T) {
	for _, sc := range scenarios {
		var runs [2][]string
		for k := range runs {
			cfg := sc.cfg
			cfg.Steps = 600
			s := newSim(cfg, 3)
			s.trace = func(line string) { runs[k] = append(runs[k], line) }
			s.run()
		}
		for i := range runs[0] {
			if i >= len(runs[1]) || runs[0][i] != runs[1][i] {
				t.Fatalf("%s: the two runs part at event %d:\n%s\n%s", sc.name, i, runs[0][i], runs[1][min(i, len(runs[1])-1)])
			}
		}
		if len(runs[0]) != len(runs[1]) {
			t.Fatalf("%s: %d and %d events", sc.name, len(runs[0]), len(runs[1]))
		}
	}
}

// partedVisibly reports whether every honest device that holds another record than another
// honest device names it as differing.
func (s *sim) partedVisibly() bool {
	for _, a := range s.nodes {
		for _, b := range s.nodes {
			if a == b || a.byz || b.byz {
				continue
			}
			la, lb := a.r.Ledger(), b.r.Ledger()
			if la.Len() == lb.Len() && (la.Len() == 0 || la.tip() == lb.tip()) {
				continue
			}
			common := min(la.Len(), lb.Len())
			if common > 0 && la.links[common-1] == lb.links[common-1] {
				continue // one is behind the other, not on another history
			}
			if _, ok := a.r.differs[b.i]; !ok {
				return false
			}
		}
	}
	return true
}
