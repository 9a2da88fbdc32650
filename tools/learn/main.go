// Command learn fits the bots' evaluation model of an edition to self-play and writes it
// into engine/bot (model_birmingham.go, model_lancashire.go, model_lancashire_original.go):
// bots play -games games per player count from -seed on, every position's features are
// paired with the VP each player went on to score, and the weights that predict it best are
// fitted per player count and stage (engine/bot/learn.go). Every fifth game is held out to
// measure the fit; the report compares its error with the hand-built evaluation's.
//
//	go run ./tools/learn -edition birmingham -games 1000 -hand
//	go run ./tools/learn -edition birmingham -players 4 -level hard -hand -budget 30000 -games 400 -ridge 0.001 -ridge-all-stages
//	go run ./tools/learn -edition lancashire -games 1000 -hand
//	go run ./tools/learn -edition lancashire -players 2 -level hard -hand -budget 30000 -games 500
//	go run ./tools/learn -edition lancashire -rules original -games 1000 -hand
//
// (the commands that made the models in use, in this order; more games do not always make a
// better bot, see docs/bots.md). -players fits one player count and keeps the others' weights as
// the model in use has them; the file records, per player count, the command that fitted
// its weights. The self-play bots play by the model in engine/bot at the time (-hand: by
// the hand-built evaluation), so a second run without -hand trains on the games of the bots
// the first one made. The games' seeds start at -seed (1,000,000 and up; player count n's
// games at -seed + n×100,000): tournaments that measure the bots use smaller seeds, deals
// the model never saw. Games run on -workers goroutines; the model does not depend on how
// many. -positions FILE keeps the games' positions in FILE, and a later run of the same
// games fits to them without playing again (to try another -ridge in seconds).
package main

import (
	"flag"
	"fmt"
	"go/format"
	"log"
	"os"
	"path/filepath"
	"strings"

	"brass/engine"
	"brass/engine/bot"
	"brass/tools/internal/atomicfile"
	"brass/tools/internal/parallel"
)

// FirstSeed is where the learning games' seeds begin by default, and the least -seed:
// above every tournament's.
const FirstSeed = 1_000_000

func main() {
	log.SetFlags(0)
	log.SetPrefix("learn: ")
	edition := flag.String("edition", "birmingham", "the game: birmingham or lancashire")
	rules := flag.String("rules", "", `the edition's rule set: "" for its default, "original" for Lancashire's original rules`)
	games := flag.Int("games", 1000, "self-play games per player count")
	level := flag.String("level", "medium", "the self-play bots' level")
	hand := flag.Bool("hand", false, "self-play bots think with the hand-built evaluation")
	budget := flag.Int("budget", 0, "Hard's work budget per decision (0: the default)")
	ridge := flag.Float64("ridge", 0.01, "how strongly the weights are held to the hand-built ones")
	workers := flag.Int("workers", 2, "games played at once")
	dir := flag.String("dir", "engine/bot", "the directory of package bot, where the model's file is written")
	dry := flag.Bool("dry", false, "report the fit without writing the model")
	seed := flag.Uint64("seed", FirstSeed, "the first self-play deal's seed (1,000,000 or more: above the tournaments')")
	players := flag.Int("players", 0, "fit this player count alone, keeping the others' weights (0: every player count)")
	positions := flag.String("positions", "", "keep the self-play positions in this file, or, if it holds them already, fit to them without playing the games again")
	allStages := flag.Bool("ridge-all-stages", false, "measure the ridge against each feature's mean square over all stages, not the stage's own")
	flag.Parse()
	if *seed < FirstSeed {
		log.Fatalf("-seed %d: the self-play deals start at %d or above, clear of the tournaments' deals", *seed, FirstSeed)
	}
	lv, err := bot.ParseLevel(*level)
	if err != nil {
		log.Fatal(err)
	}
	b := bot.Bot{Level: lv, Budget: *budget, HandBuilt: *hand}
	fit := fitOptions{ridge: *ridge, ridgeAllStages: *allStages}
	file, src, fits, err := learn(*edition, *rules, *players, *games, *seed, b, fit, *workers, *positions, command())
	if err != nil {
		log.Fatal(err)
	}
	report(fits)
	if *players != 0 {
		for n, made := range bot.ModelMadeBy(*edition, *rules) {
			if made != "" && n != *players {
				fmt.Printf("%d players: kept, fitted by %s\n", n, made)
			}
		}
	}
	if *dry {
		return
	}
	if err := atomicfile.Write(filepath.Join(*dir, file), src, 0o644); err != nil {
		log.Fatal(err)
	}
}

// fitOptions are how the weights are fitted to the positions (bot.Learning.Fit).
type fitOptions struct {
	ridge          float64 // how strongly the weights are held to the hand-built ones
	ridgeAllStages bool    // bot.Learning.RidgeAllStages
}

// learn plays the self-play games (of one player count, or of all when players is 0), fits
// the model and returns the name of its file in engine/bot, its source (the weights fitted
// here made by command) and the fit's report.
func learn(edition, rules string, players, games int, seed uint64, b bot.Bot, fit fitOptions, workers int, positions, command string) (string, []byte, []bot.StageFit, error) {
	l, err := bot.NewLearning(edition, rules)
	if err != nil {
		return "", nil, nil, err
	}
	ed, _ := engine.EditionFor(edition, rules)
	lo, hi := ed.Rules.MinPlayers, ed.Rules.MaxPlayers
	if players != 0 {
		if players < lo || players > hi {
			return "", nil, nil, fmt.Errorf("-players %d: %s is played by %d to %d", players, ed.Name, lo, hi)
		}
		lo, hi = players, players
	}
	if err := play(l, b, lo, hi, games, seed, workers, positionsHeader(edition, rules, lo, hi, games, seed, b), positions); err != nil {
		return "", nil, nil, err
	}
	l.RidgeAllStages = fit.ridgeAllStages
	fits := l.Fit(fit.ridge, command)
	src, err := format.Source(l.Source())
	return l.Target(), src, fits, err
}

// selfPlay is one self-play game: its player count and its number among that count's games.
type selfPlay struct{ n, g int }

// play adds the games of player counts lo to hi to l in seed order, every fifth held out.
func play(l *bot.Learning, b bot.Bot, lo, hi, games int, seed uint64, workers int, header, positions string) error {
	var jobs []selfPlay
	for n := lo; n <= hi; n++ {
		for g := 0; g < games; g++ {
			jobs = append(jobs, selfPlay{n, g})
		}
	}
	results, err := gamesOf(l, b, jobs, seed, workers, header, positions)
	if err != nil {
		return err
	}
	for i, j := range jobs {
		l.Add(results[i], j.g%5 == 4)
	}
	return nil
}

// gamesOf returns the positions of the jobs' games: from the positions file (named by
// header) when it holds them, or else played, and kept in the file when one is named.
func gamesOf(l *bot.Learning, b bot.Bot, jobs []selfPlay, seed uint64, workers int, header, positions string) ([]bot.Samples, error) {
	if positions != "" {
		results, err := readPositions(positions, header, len(jobs))
		if err == nil {
			fmt.Fprintf(os.Stderr, "%d games' positions from %s\n", len(jobs), positions)
			return results, nil
		}
		if !isMissing(err) {
			return nil, err
		}
	}
	results := make([]bot.Samples, len(jobs))
	errs := parallel.Each(len(jobs), workers, func(i int) (err error) {
		j := jobs[i]
		results[i], err = l.SelfPlay(j.n, seed+uint64(j.n*100_000+j.g), b)
		return err
	}, func(done int) {
		if done%max(len(jobs)/10, 1) == 0 {
			fmt.Fprintf(os.Stderr, "%d/%d games\n", done, len(jobs))
		}
	})
	for i, j := range jobs {
		if errs[i] != nil {
			return nil, fmt.Errorf("%d players, game %d: %w", j.n, j.g, errs[i])
		}
	}
	if positions != "" {
		if err := writePositions(positions, header, results); err != nil {
			return nil, err
		}
	}
	return results, nil
}

// report prints, per player count and stage, the positions and the held-out error of the
// hand-built and the fitted evaluation.
func report(fits []bot.StageFit) {
	fmt.Printf("players stage positions held-out  hand RMSE  fitted RMSE\n")
	for _, f := range fits {
		fmt.Printf("%7d %5d %9d %8d %10.2f %12.2f\n", f.Players, f.Stage, f.Positions, f.HeldOut, f.HandError, f.FittedError)
	}
}

// command is how the tool was run, recorded in the generated file for the weights it fits.
func command() string {
	args := []string{"go run ./tools/learn"}
	flag.Visit(func(f *flag.Flag) {
		switch {
		case f.Name == "workers" || f.Name == "dir" || f.Name == "positions":
		case isBool(f) && f.Value.String() == "true":
			args = append(args, "-"+f.Name)
		default:
			args = append(args, "-"+f.Name+"="+f.Value.String())
		}
	})
	return strings.Join(args, " ")
}

// isBool: the flag takes no value (-hand).
func isBool(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}
