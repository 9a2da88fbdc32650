// Command tournament plays seeded games between bot levels and reports how each level
// fares: win rates with 95% Wilson confidence intervals, mean VP and the winners' mean VP.
//
//	go run ./tools/tournament -players 2 -games 200 -bots hard,easy -seed 1
//
// -bots lists the levels seat by seat, repeated to fill the table ("hard,easy" at 4 players
// is hard, easy, hard, easy); a level's name may end in "-hand" for its hand-built evaluation,
// and "hard-classic" is Hard as issue 22 found it, the level today's Hard must beat; with
// -alt FILE, a name ending in "+alt" thinks with the learned model in FILE (a generated
// engine/bot/model_*.go, say of an earlier commit) in place of the one in use:
//
//	git show f84503c^:engine/bot/model_birmingham.go > /tmp/model_before.go
//	go run ./tools/tournament -players 4 -games 1000 -bots medium,medium+alt -alt /tmp/model_before.go
//
// Every deal is played once per distinct rotation of the seats,
// so each level sits in every seat equally often: -games should be a multiple of the number
// of distinct rotations (-players for all-different levels; 1 when every seat has the same
// level, since a rotation would replay the same game). Games run in parallel on -workers
// goroutines; the results do not depend on how many.
package main

import (
	"flag"
	"fmt"
	"io"
	"log"
	"math"
	"os"
	"runtime"
	"sort"
	"strings"
	"time"

	"brass/engine"
	"brass/engine/bot"
	"brass/tools/internal/modelfile"
	"brass/tools/internal/parallel"
)

// config is one tournament.
type config struct {
	players int
	games   int
	seats   []seatBot // bot per seat before rotation
	seed    uint64
	workers int
	budget  int        // Hard's work budget per decision; 0: the default
	edition string     // the edition's ID: Birmingham unless setEdition chose another
	rules   string     // the edition's rule set ("" for its default)
	alt     *bot.Model // the model of the "+alt" seats (-alt)
}

// gameResult is one finished game.
type gameResult struct {
	seats     []seatBot // bot per seat as played
	vp        []int
	rank      []int
	decisions []int // per seat
	// how the seat played: tiles developed, tiles of level III or more built, £ left at the end,
	// links laid, and the VP it had when the Canal Era was scored
	developed, highBuilt, moneyLeft, links, canalVP []int
	// loans taken in the game, and in the Canal Era's first two rounds (issue 43: Medium
	// seemed to borrow early for its own sake)
	loans, earlyLoans []int
	thinking          []time.Duration // per seat
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("tournament: ")
	players := flag.Int("players", 2, "players per game, 2 to 4")
	games := flag.Int("games", 20, "games to play (a multiple of -players keeps the seats balanced)")
	bots := flag.String("bots", "hard,easy", "levels seat by seat, comma separated, repeated to fill the table")
	seed := flag.Uint64("seed", 1, "first deal's seed")
	workers := flag.Int("workers", runtime.NumCPU(), "games played at once")
	budget := flag.Int("budget", 0, "Hard's work budget per decision in evaluations (0: the default)")
	edition := flag.String("edition", "birmingham", "the game: birmingham or lancashire")
	rules := flag.String("rules", "", `the edition's rule set: "" for its default, "original" for Lancashire's original rules`)
	alt := flag.String("alt", "", `a generated model file (engine/bot/model_*.go) for the levels named with "+alt"`)
	flag.Parse()
	cfg, err := newConfig(*players, *games, *bots, *seed, *workers, *budget)
	if err == nil {
		err = cfg.setEdition(*edition, *rules)
	}
	if err == nil {
		err = cfg.setAlt(*alt)
	}
	if err != nil {
		log.Fatal(err)
	}
	start := time.Now()
	results, err := play(cfg, func(done int) {
		if done%max(1, cfg.games/10) == 0 {
			fmt.Fprintf(os.Stderr, "%d/%d games\n", done, cfg.games)
		}
	})
	if err != nil {
		log.Fatal(err)
	}
	report(os.Stdout, cfg, results, time.Since(start))
}

func newConfig(players, games int, bots string, seed uint64, workers, budget int) (config, error) {
	if players < 2 || players > engine.MaxPlayers {
		return config{}, fmt.Errorf("-players must be 2 to %d", engine.MaxPlayers)
	}
	if games < 1 {
		return config{}, fmt.Errorf("-games must be at least 1")
	}
	var levels []seatBot
	for _, name := range strings.Split(bots, ",") {
		l, err := parseSeatBot(strings.TrimSpace(name))
		if err != nil {
			return config{}, err
		}
		levels = append(levels, l)
	}
	seats := make([]seatBot, players)
	for i := range seats {
		seats[i] = levels[i%len(levels)]
	}
	return config{players: players, games: games, seats: seats, seed: seed, workers: max(workers, 1), budget: budget, edition: "birmingham"}, nil
}

// setEdition chooses the game played, checking that it takes the configured player count.
func (c *config) setEdition(edition, rules string) error {
	ed, ok := engine.EditionFor(edition, rules)
	if !ok {
		return fmt.Errorf("unknown -edition %q with -rules %q", edition, rules)
	}
	if c.players < ed.Rules.MinPlayers || c.players > ed.Rules.MaxPlayers {
		return fmt.Errorf("%s takes %d to %d players", ed.Name, ed.Rules.MinPlayers, ed.Rules.MaxPlayers)
	}
	c.edition, c.rules = edition, rules
	return nil
}

// setAlt loads the model of the "+alt" seats from a generated model file, which must be of
// the edition's rule set; it is needed exactly when a seat is named "+alt".
func (c *config) setAlt(path string) error {
	named := false
	for _, s := range c.seats {
		named = named || s.alt
	}
	switch {
	case path == "" && !named:
		return nil
	case path == "":
		return fmt.Errorf(`a level named "+alt" needs -alt FILE`)
	case !named:
		return fmt.Errorf(`-alt is for levels named "+alt", and -bots names none`)
	}
	key, byPlayers, err := modelfile.Read(path)
	if err != nil {
		return err
	}
	if want := bot.ModelKey(c.edition, c.rules); key != want {
		return fmt.Errorf("-alt %s is the model of %q, the games are %q", path, key, want)
	}
	c.alt, err = bot.NewModel(c.edition, c.rules, byPlayers)
	return err
}

// play runs the games on cfg.workers goroutines and returns the results in game order.
func play(cfg config, progress func(done int)) ([]gameResult, error) {
	results := make([]gameResult, cfg.games)
	errs := parallel.Each(cfg.games, cfg.workers, func(g int) (err error) {
		results[g], err = playOne(cfg, g)
		return err
	}, progress)
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return results, nil
}

// rotations is how many rotations of the seats give different tables: the seats' period
// (hard,easy,hard,easy has 2; four Hard bots have 1).
func rotations(seats []seatBot) int {
	n := len(seats)
	for k := 1; k < n; k++ {
		same := true
		for i := range seats {
			if seats[i] != seats[(i+k)%n] {
				same = false
				break
			}
		}
		if same {
			return k
		}
	}
	return n
}

// playOne plays game g: deal cfg.seed + g/k with the seats rotated by g%k, where k is the
// number of distinct rotations (a rotation that seats the same levels again would replay
// the same game, every decision being seeded by the deal, the move and the seat).
func playOne(cfg config, g int) (gameResult, error) {
	n := cfg.players
	k := rotations(cfg.seats)
	deal := cfg.seed + uint64(g/k)
	s, err := engine.New(engine.Config{Edition: cfg.edition, Rules: cfg.rules, Players: n, Seed: deal})
	if err != nil {
		return gameResult{}, err
	}
	r := gameResult{seats: make([]seatBot, n), vp: make([]int, n), rank: make([]int, n),
		decisions: make([]int, n), thinking: make([]time.Duration, n),
		developed: make([]int, n), highBuilt: make([]int, n), moneyLeft: make([]int, n),
		links: make([]int, n), canalVP: make([]int, n), loans: make([]int, n), earlyLoans: make([]int, n)}
	for i := range r.seats {
		r.seats[i] = cfg.seats[(i+g%k)%n]
	}
	for step := 0; s.Phase != engine.PhaseOver; step++ {
		p := s.Actor()
		view := s.View(p)
		b := bot.Bot{Level: r.seats[p].level, HandBuilt: r.seats[p].hand, Classic: r.seats[p].classic, Budget: cfg.budget, FreeLoans: r.seats[p].loans}
		if r.seats[p].alt {
			b.Model = cfg.alt
		}
		t0 := time.Now()
		a, err := b.Choose(&view, p, deal*1_000_003+uint64(step)*31+uint64(p))
		r.thinking[p] += time.Since(t0)
		r.decisions[p]++
		if err != nil {
			return r, fmt.Errorf("deal %d, move %d: %v", deal, step, err)
		}
		switch a.Kind {
		case engine.KindDevelop:
			r.developed[p] += int(a.NDev)
		case engine.KindBuild:
			if spec, ok := s.NextTile(p, a.Industry); ok && spec.Level >= 3 {
				r.highBuilt[p]++
			}
		case engine.KindNetwork:
			r.links[p] += int(a.NLinks)
		case engine.KindLoan:
			r.loans[p]++
			if s.Era == engine.Canal && s.Round <= 2 {
				r.earlyLoans[p]++
			}
		}
		canal := s.Era == engine.Canal
		if err := s.Apply(&a); err != nil {
			return r, fmt.Errorf("deal %d, move %d: the %v bot chose an illegal action %v: %v", deal, step, r.seats[p], s.Edition().Encode(a), err)
		}
		if canal && (s.Era != engine.Canal || s.Phase == engine.PhaseOver) {
			for q := range r.canalVP {
				r.canalVP[q] = int(s.Players[q].VP)
			}
		}
	}
	for _, st := range s.Standings() {
		r.vp[st.Player], r.rank[st.Player] = st.VP, st.Rank
	}
	for p := range r.moneyLeft {
		r.moneyLeft[p] = int(s.Players[p].Money)
	}
	return r, nil
}

// wilson is the 95% Wilson score interval of k successes in n trials.
func wilson(k, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959964
	p := float64(k) / float64(n)
	nn := float64(n)
	den := 1 + z*z/nn
	center := (p + z*z/(2*nn)) / den
	half := z * math.Sqrt(p*(1-p)/nn+z*z/(4*nn*nn)) / den
	return math.Max(0, center-half), math.Min(1, center+half)
}

// levelStats sums one level's seats over all games.
type levelStats struct {
	seats, wins    int
	vp             int
	decisions      int
	developed      int
	highBuilt      int
	moneyLeft      int
	links          int
	canalVP        int
	loans          int
	earlyLoans     int
	thinking       time.Duration
	winVP, winSeat int
}

func report(w io.Writer, cfg config, results []gameResult, took time.Duration) {
	stats := map[seatBot]*levelStats{}
	winnerVP := 0
	for _, r := range results {
		best := 0
		for p := range r.seats {
			st := stats[r.seats[p]]
			if st == nil {
				st = &levelStats{}
				stats[r.seats[p]] = st
			}
			st.seats++
			st.vp += r.vp[p]
			st.decisions += r.decisions[p]
			st.developed += r.developed[p]
			st.highBuilt += r.highBuilt[p]
			st.moneyLeft += r.moneyLeft[p]
			st.links += r.links[p]
			st.canalVP += r.canalVP[p]
			st.loans += r.loans[p]
			st.earlyLoans += r.earlyLoans[p]
			st.thinking += r.thinking[p]
			if r.rank[p] == 1 {
				st.wins++
				st.winVP += r.vp[p]
			}
			best = max(best, r.vp[p])
		}
		winnerVP += best
	}
	names := make([]string, len(cfg.seats))
	for i, l := range cfg.seats {
		names[i] = l.String()
	}
	if ed, ok := engine.EditionFor(cfg.edition, cfg.rules); ok {
		fmt.Fprintf(w, "%s\n", ed.Name)
	}
	fmt.Fprintf(w, "%d games, %d players, seats %s (rotated), seeds %d..%d, %d workers, %s\n",
		len(results), cfg.players, strings.Join(names, ","), cfg.seed, cfg.seed+uint64((len(results)-1)/rotations(cfg.seats)), cfg.workers, took.Round(time.Second))
	fmt.Fprintf(w, "winner's mean VP: %.1f\n", float64(winnerVP)/float64(len(results)))
	var levels []seatBot
	for l := range stats {
		levels = append(levels, l)
	}
	sort.Slice(levels, func(i, j int) bool { return levels[i].String() < levels[j].String() })
	fmt.Fprintf(w, "%-12s %6s %6s %9s %17s %8s %11s %12s\n", "level", "seats", "wins", "win rate", "95% CI (Wilson)", "mean VP", "mean win VP", "ms/decision")
	for _, l := range levels {
		st := stats[l]
		lo, hi := wilson(st.wins, st.seats)
		winVP := math.NaN()
		if st.wins > 0 {
			winVP = float64(st.winVP) / float64(st.wins)
		}
		fmt.Fprintf(w, "%-12s %6d %6d %8.1f%% %7.1f%% – %5.1f%% %8.1f %11.1f %12.2f\n", l, st.seats, st.wins,
			100*float64(st.wins)/float64(st.seats), 100*lo, 100*hi, float64(st.vp)/float64(st.seats), winVP,
			float64(st.thinking.Microseconds())/1000/float64(max(st.decisions, 1)))
	}
	if len(levels) == 1 {
		fmt.Fprintf(w, "(one level in every seat: its win rate is 1/players by symmetry, less shared wins)\n")
	}
	fmt.Fprintf(w, "per seat and game: %-12s %10s %11s %7s %7s %9s %6s %9s\n", "level", "developed", "III+ built", "£ left", "links", "Canal VP", "loans", "loans R≤2")
	for _, l := range levels {
		st := stats[l]
		per := func(v int) float64 { return float64(v) / float64(st.seats) }
		fmt.Fprintf(w, "                   %-12s %10.2f %11.2f %7.1f %7.2f %9.1f %6.2f %9.2f\n", l, per(st.developed), per(st.highBuilt), per(st.moneyLeft), per(st.links), per(st.canalVP), per(st.loans), per(st.earlyLoans))
	}
}

// seatBot is the bot of a seat: a level, thinking with the learned evaluation or, as the
// bots did before it ("hard-hand"), with the hand-built one; "hard-classic" is Hard as issue
// 22 found it (bot.Bot.Classic); "+alt" thinks with the model of -alt.
type seatBot struct {
	level   bot.Level
	hand    bool
	classic bool
	alt     bool
	loans   bool // "-loans": bot.Bot.FreeLoans, Medium borrowing as before issue 43
}

func (b seatBot) String() string {
	switch {
	case b.classic:
		return b.level.String() + "-classic"
	case b.hand:
		return b.level.String() + "-hand"
	case b.alt:
		return b.level.String() + "+alt"
	case b.loans:
		return b.level.String() + "-loans"
	}
	return b.level.String()
}

// parseSeatBot reads a level's name, with "-hand" for its hand-built evaluation or "+alt"
// for the model of -alt, or "hard-classic".
func parseSeatBot(name string) (seatBot, error) {
	if name == "hard-classic" {
		return seatBot{level: bot.Hard, classic: true}, nil
	}
	if base, ok := strings.CutSuffix(name, "-loans"); ok {
		l, err := bot.ParseLevel(base)
		if err == nil && l != bot.Medium {
			err = fmt.Errorf("%q: only Medium borrows differently since issue 43", name)
		}
		return seatBot{level: l, loans: true}, err
	}
	base, hand := strings.CutSuffix(name, "-hand")
	base, alt := strings.CutSuffix(base, "+alt")
	if hand && alt {
		return seatBot{}, fmt.Errorf("%q: a level thinks with the hand-built evaluation or with -alt's model, not both", name)
	}
	l, err := bot.ParseLevel(base)
	if err == nil && alt && l == bot.Easy {
		err = fmt.Errorf("%q: Easy thinks with no learned model", name)
	}
	return seatBot{level: l, hand: hand, alt: alt}, err
}
