package bot

// The learned models are fitted by tools/learn, after the flip chances they build on
// (calibrate.go, whose go:generate lines run first); Lancashire's (Roxley) with a stronger
// ridge, which won its 3- and 4-player tables. Birmingham's 4-player and Lancashire's
// 2-player weights are then fitted again, to the games of Hard (21 and 14 minutes on 2 cores):
//go:generate go run ../../tools/learn -dir . -games 1000 -hand
//go:generate go run ../../tools/learn -dir . -players 4 -level hard -hand -budget 30000 -games 400 -ridge 0.001 -ridge-all-stages
//go:generate go run ../../tools/learn -dir . -edition lancashire -games 1000 -hand -ridge 0.03
//go:generate go run ../../tools/learn -dir . -edition lancashire -players 2 -level hard -hand -budget 30000 -games 500
//go:generate go run ../../tools/learn -dir . -edition lancashire -rules original -games 1000 -hand

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"brass/engine"
)

// Learning fits an edition's evaluation model (model.go) to self-play: it collects the
// features of positions from games that bots played to the end, with the VP each player
// went on to score from there, and fits, per player count and stage, the weights that
// predict that VP best (least squares, shrunk towards the hand-built weights). It exists for
// tools/learn, which plays the games and writes model_*.go; play never uses it.
type Learning struct {
	// RidgeAllStages measures the ridge against each feature's mean square over all the
	// player count's positions instead of the stage's own. A feature seldom non-zero in a
	// stage (a flipped tile or a link early in an era) is then held to its hand-built weight
	// there, not fitted to the few positions that have it, and the ridge can be weak for the
	// rest: at four players, ridge 0.001 this way made Medium win 38.8% of the seats of mixed
	// tables against 11.2% for the stage-by-stage fit at 0.01 (docs/bots.md).
	RidgeAllStages bool

	ed    *engine.Edition
	model *model // the last fit
	train [engine.MaxPlayers + 1][]sample
	check [engine.MaxPlayers + 1][]sample // held out: the fit's error is measured on these
}

// sample is one player's position: its stage, features and the VP scored after it.
type sample struct {
	stage int
	f     [numFeatures]float64
	y     float64
}

// Samples are the positions of one self-play game.
type Samples struct {
	players int
	rows    []sample
}

// NewLearning starts fitting the model of an edition's rule set ("" for its default).
func NewLearning(edition, rules string) (*Learning, error) {
	ed, ok := engine.EditionFor(edition, rules)
	if !ok {
		return nil, fmt.Errorf("bot: no edition %q with rules %q", edition, rules)
	}
	return &Learning{ed: ed}, nil
}

// SelfPlay plays one game of the learning's edition for n players from seed, every seat
// played by b, and returns each player's features every other decision of an action phase
// with the VP they scored from there to the end.
func (l *Learning) SelfPlay(n int, seed uint64, b Bot) (Samples, error) {
	s, err := engine.New(engine.Config{Edition: l.ed.ID, Rules: l.ed.RuleSet, Players: n, Seed: seed})
	if err != nil {
		return Samples{}, err
	}
	ev := newEvaluator(boardOf(s.Edition()), &mediumWeights, nil)
	out := Samples{players: n}
	var vpAt []int32 // per row: the player's VP when it was taken
	var owner []int
	for step := 0; s.Phase != engine.PhaseOver; step++ {
		if step > 2000 {
			return Samples{}, errors.New("bot: self-play game did not end")
		}
		if step%2 == 0 && s.Phase == engine.PhaseAction {
			rl := ev.features(s)
			for p := 0; p < n; p++ {
				out.rows = append(out.rows, sample{stage: stageOf(s.Era, rl), f: ev.feat[p]})
				vpAt = append(vpAt, s.Players[p].VP)
				owner = append(owner, p)
			}
		}
		p := s.Actor()
		v := s.View(p)
		a, err := b.Choose(&v, p, seed*1000+uint64(step))
		if err != nil {
			return Samples{}, err
		}
		if err := s.Apply(&a); err != nil {
			return Samples{}, err
		}
	}
	for i := range out.rows {
		out.rows[i].y = float64(s.Players[owner[i]].VP - vpAt[i])
	}
	return out, nil
}

// Add takes a game's samples into the fit, or, held out, into the measure of its error.
// Add games in the same order to get the same model.
func (l *Learning) Add(g Samples, heldOut bool) {
	if heldOut {
		l.check[g.players] = append(l.check[g.players], g.rows...)
	} else {
		l.train[g.players] = append(l.train[g.players], g.rows...)
	}
}

// AppendBinary appends the game's positions to b in a compact form that ReadSamples reads
// back: tools/learn keeps them in a file (-positions) so that the weights can be fitted
// again without playing the games again.
func (g Samples) AppendBinary(b []byte) []byte {
	b = binary.AppendUvarint(b, uint64(g.players))
	b = binary.AppendUvarint(b, numFeatures)
	b = binary.AppendUvarint(b, uint64(len(g.rows)))
	for i := range g.rows {
		r := &g.rows[i]
		b = append(b, byte(r.stage))
		for _, v := range r.f {
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(v))
		}
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(r.y))
	}
	return b
}

// ReadSamples reads one game's positions, as AppendBinary wrote them, from the front of b
// and returns the bytes after them. Positions of another number of features (written by an
// older or newer evaluation) are refused.
func ReadSamples(b []byte) (Samples, []byte, error) {
	bad := errors.New("bot: positions cut short or corrupt")
	uv := func() (uint64, bool) {
		v, n := binary.Uvarint(b)
		if n <= 0 {
			return 0, false
		}
		b = b[n:]
		return v, true
	}
	players, ok1 := uv()
	features, ok2 := uv()
	rows, ok3 := uv()
	if !ok1 || !ok2 || !ok3 || players < 2 || players > engine.MaxPlayers {
		return Samples{}, nil, bad
	}
	if features != numFeatures {
		return Samples{}, nil, fmt.Errorf("bot: positions of %d features; the evaluation has %d", features, numFeatures)
	}
	const rowSize = 1 + 8*(numFeatures+1)
	if rows > uint64(len(b)/rowSize) {
		return Samples{}, nil, bad
	}
	g := Samples{players: int(players), rows: make([]sample, rows)}
	for i := range g.rows {
		r := &g.rows[i]
		r.stage = int(b[0])
		if r.stage >= numStages {
			return Samples{}, nil, bad
		}
		for j := range r.f {
			r.f[j] = math.Float64frombits(binary.LittleEndian.Uint64(b[1+8*j:]))
		}
		r.y = math.Float64frombits(binary.LittleEndian.Uint64(b[1+8*numFeatures:]))
		b = b[rowSize:]
	}
	return g, b, nil
}

// StageFit reports a fitted stage: its positions and the root-mean-square error of the
// VP-to-come predicted on held-out positions, by the hand-built and the fitted weights.
type StageFit struct {
	Players, Stage         int
	Positions, HeldOut     int
	HandError, FittedError float64
}

// Fit fits the weights of every player count with positions, by ridge regression towards
// the hand-built weights: each weight's departure from them costs ridge × the mean square
// of its feature (in the stage, or over all stages: RidgeAllStages). A player count without
// positions keeps the weights of the model in use, and the command that made them. Fit keeps
// the model for Source (which names command as the maker of the weights fitted here) and
// returns a report per stage.
func (l *Learning) Fit(ridge float64, command string) []StageFit {
	m := &model{}
	if cur := learnedModels[modelKey(l.ed)]; cur != nil {
		*m = *cur
	}
	var rep []StageFit
	for n := range l.train {
		if len(l.train[n]) == 0 {
			continue
		}
		m.made[n] = command
		sw := new(stageWeights)
		var all *[numFeatures]float64
		if l.RidgeAllStages {
			all = meanSquares(l.train[n])
		}
		for st := 0; st < numStages; st++ {
			sw[st] = fitStage(l.train[n], st, ridge, all)
			fit := StageFit{Players: n, Stage: st}
			var eh, ef float64
			for _, r := range l.train[n] {
				if r.stage == st {
					fit.Positions++
				}
			}
			for _, r := range l.check[n] {
				if r.stage != st {
					continue
				}
				fit.HeldOut++
				eh += sq(weigh(0, &handWeights, &r.f) - r.y)
				ef += sq(weigh(0, &sw[st], &r.f) - r.y)
			}
			if fit.HeldOut > 0 {
				fit.HandError = math.Sqrt(eh / float64(fit.HeldOut))
				fit.FittedError = math.Sqrt(ef / float64(fit.HeldOut))
			}
			rep = append(rep, fit)
		}
		m.byPlayers[n] = sw
	}
	l.model = m
	return rep
}

// fitStage solves (XᵀX + Λ) d = Xᵀ(y − X·hand) for the departure d from the hand-built
// weights on the stage's positions, Λ the ridge times each feature's sum of squares over
// them (plus a little, so that a feature never seen keeps its hand-built weight), or, with
// all, the ridge times the positions times all[i], the feature's mean square over every stage.
func fitStage(rows []sample, st int, ridge float64, all *[numFeatures]float64) [numFeatures]float64 {
	const k = numFeatures
	var a [k][k + 1]float64
	cnt := 0
	for i := range rows {
		r := &rows[i]
		if r.stage != st {
			continue
		}
		cnt++
		res := r.y - weigh(0, &handWeights, &r.f)
		for i := 0; i < k; i++ {
			if r.f[i] == 0 {
				continue
			}
			for j := 0; j < k; j++ {
				a[i][j] += r.f[i] * r.f[j]
			}
			a[i][k] += r.f[i] * res
		}
	}
	w := handWeights
	if cnt == 0 {
		return w
	}
	for i := 0; i < k; i++ {
		ss := a[i][i]
		if all != nil {
			ss = all[i] * float64(cnt)
		}
		a[i][i] += ridge*ss + 1e-6*float64(cnt)
	}
	d, ok := solve(&a)
	if !ok {
		return w
	}
	for i := range w {
		w[i] += d[i]
	}
	return w
}

// meanSquares is each feature's mean square over rows.
func meanSquares(rows []sample) *[numFeatures]float64 {
	var ms [numFeatures]float64
	for i := range rows {
		for j, v := range rows[i].f {
			ms[j] += v * v
		}
	}
	for j := range ms {
		ms[j] /= float64(max(len(rows), 1))
	}
	return &ms
}

// solve solves the linear system whose augmented matrix is a, by Gaussian elimination with
// partial pivoting.
func solve(a *[numFeatures][numFeatures + 1]float64) ([numFeatures]float64, bool) {
	const k = numFeatures
	var x [k]float64
	for c := 0; c < k; c++ {
		piv := c
		for r := c + 1; r < k; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[piv][c]) {
				piv = r
			}
		}
		if math.Abs(a[piv][c]) < 1e-12 {
			return x, false
		}
		a[c], a[piv] = a[piv], a[c]
		for r := c + 1; r < k; r++ {
			f := a[r][c] / a[c][c]
			for j := c; j <= k; j++ {
				a[r][j] -= f * a[c][j]
			}
		}
	}
	for c := k - 1; c >= 0; c-- {
		v := a[c][k]
		for j := c + 1; j < k; j++ {
			v -= a[c][j] * x[j]
		}
		x[c] = v / a[c][c]
	}
	return x, true
}

func sq(x float64) float64 { return x * x }

// Target names the file in engine/bot that holds the edition's learned model.
func (l *Learning) Target() string {
	return "model_" + strings.ReplaceAll(modelKey(l.ed), "/", "_") + ".go"
}

// Source is the Go source of the last fitted model's file (for go/format: the package
// stays free of it): the model, registered for the edition under its key, with the command
// that made each player count's weights.
func (l *Learning) Source() []byte {
	m := l.model
	var b bytes.Buffer
	key := modelKey(l.ed)
	fmt.Fprintf(&b, "// Code generated by tools/learn; DO NOT EDIT.\n\n")
	fmt.Fprintf(&b, "package bot\n\n")
	fmt.Fprintf(&b, "// The evaluation model of %s, fitted to self-play (learn.go): per player count and\n", l.ed.Name)
	fmt.Fprintf(&b, "// stage, the weights of the features (features.go) in the VP a player goes on to score,\n")
	fmt.Fprintf(&b, "// and the command that fitted them.\n")
	fmt.Fprintf(&b, "func init() {\n\tlearnedModels[%q] = &model{byPlayers: [engine.MaxPlayers + 1]*stageWeights{\n", key)
	for n, sw := range m.byPlayers {
		if sw == nil {
			continue
		}
		fmt.Fprintf(&b, "%d: {\n", n)
		for st := range sw {
			fmt.Fprintf(&b, "{ // %v, %s\n", engine.Era(st/eraStages), stageRounds(st%eraStages))
			for i, v := range sw[st] {
				fmt.Fprintf(&b, "%s, // %s\n", strconv.FormatFloat(v, 'g', 6, 64), featureNames[i])
			}
			fmt.Fprintf(&b, "},\n")
		}
		fmt.Fprintf(&b, "},\n")
	}
	fmt.Fprintf(&b, "}, made: [engine.MaxPlayers + 1]string{\n")
	for n, sw := range m.byPlayers {
		if sw != nil {
			fmt.Fprintf(&b, "%d: %q,\n", n, m.made[n])
		}
	}
	fmt.Fprintf(&b, "}}\n}\n")
	return bytes.Replace(b.Bytes(), []byte("package bot\n\n"), []byte("package bot\n\nimport \"brass/engine\"\n\n"), 1)
}

// stageRounds describes a stage's part of its era.
func stageRounds(part int) string {
	if part == eraStages-1 {
		return fmt.Sprintf("%d or more rounds left", 2*part+1)
	}
	return fmt.Sprintf("%d–%d rounds left", 2*part+1, 2*part+2)
}

// ModelMadeBy returns, per player count, the command that fitted the weights of the model
// in use for an edition's rule set ("" where it has none), as its generated file records.
func ModelMadeBy(edition, rules string) [engine.MaxPlayers + 1]string {
	ed, ok := engine.EditionFor(edition, rules)
	if !ok || learnedModels[modelKey(ed)] == nil {
		return [engine.MaxPlayers + 1]string{}
	}
	return learnedModels[modelKey(ed)].made
}
