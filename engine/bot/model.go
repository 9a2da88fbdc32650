package bot

import (
	"errors"
	"fmt"
	"math"

	"brass/engine"
)

// A model weighs the features of a player's position (features.go) into the VP still to
// come, by the stage of the game: the era and the rounds left in it. The hand-built model
// adds the hand-built terms; learned models are fitted to the outcomes of self-play
// (learn.go) and generated into model_*.go by tools/learn.
type model struct {
	// byPlayers[n] are the weights at n players; nil: the hand-built weights.
	byPlayers [engine.MaxPlayers + 1]*stageWeights
	// made[n] is the tools/learn command that fitted the weights at n players: the player
	// counts of one rule set may be fitted to the games of different bots.
	made [engine.MaxPlayers + 1]string
}

// stageWeights are a model's weights for one player count, per stage.
type stageWeights [numStages][numFeatures]float64

// Stages: each era in eraStages parts by the rounds left in it (1–2, 3–4, 5–6, 7 or more).
const (
	eraStages = 4
	numStages = 2 * eraStages
)

// stageOf is the stage of a position in era with rl rounds left in the era.
func stageOf(era engine.Era, rl int) int {
	return int(era)*eraStages + min((max(rl, 1)-1)/2, eraStages-1)
}

// handWeights are the hand-built projection: its terms, each with weight 1.
var handWeights = func() (w [numFeatures]float64) {
	for _, k := range handTerms {
		w[k] = 1
	}
	return w
}()

// stage returns the weights for a position of n players in era with rl rounds left.
func (m *model) stage(n int, era engine.Era, rl int) *[numFeatures]float64 {
	if m == nil || m.byPlayers[n] == nil {
		return &handWeights
	}
	return &m.byPlayers[n][stageOf(era, rl)]
}

// learnedModels are the learned models by edition key (modelKey), from model_*.go.
var learnedModels = map[string]*model{}

// modelKey names an edition's rule set: "birmingham", "lancashire", "lancashire/original".
func modelKey(ed *engine.Edition) string {
	if ed.RuleSet == "" {
		return ed.ID
	}
	return ed.ID + "/" + ed.RuleSet
}

// weigh is v plus the features f weighed by w.
func weigh(v float64, w, f *[numFeatures]float64) float64 {
	for i := range w {
		v += w[i] * f[i]
	}
	return v
}

// Model is a learned evaluation to think with in place of the one in use (Bot.Model), so
// that a tournament can pit two fits of one rule set against each other: the weights of
// today against a model file of an earlier commit (tools/tournament -alt).
type Model struct {
	key string // the rule set it was fitted for (modelKey)
	m   model
}

// errModelRuleSet is a fixed error, not a formatted one: formatting the two rule sets here,
// on every bot's decision path, put 1.2 KB more into bot.wasm, for a mistake only a tool can
// make (tools/tournament -alt names both when it refuses a file).
var errModelRuleSet = errors.New("bot: the model is for another rule set than the game's")

// weightsFor returns the model to think with in a game of ed: mo's, which must be of its
// rule set, or, with none, the edition's learned model (nil: the hand-built weights).
func (mo *Model) weightsFor(ed *engine.Edition) (*model, error) {
	key := modelKey(ed)
	switch {
	case mo == nil:
		return learnedModels[key], nil
	case mo.key != key:
		return nil, errModelRuleSet
	}
	return &mo.m, nil
}

// ModelKey names the rule set whose learned model a generated model file registers
// ("birmingham", "lancashire", "lancashire/original"), or "" for an unknown one.
func ModelKey(edition, rules string) string {
	ed, ok := engine.EditionFor(edition, rules)
	if !ok {
		return ""
	}
	return modelKey(ed)
}

// NewModel makes a Model for an edition's rule set from its weights by player count: for
// each count, numStages stages of one weight per feature, in the order of a generated model
// file. A count left out thinks with the hand-built weights, as in the model in use.
func NewModel(edition, rules string, byPlayers map[int][][]float64) (*Model, error) {
	ed, ok := engine.EditionFor(edition, rules)
	if !ok {
		return nil, fmt.Errorf("bot: no edition %q with rules %q", edition, rules)
	}
	mo := &Model{key: modelKey(ed)}
	for n, stages := range byPlayers {
		if n < ed.Rules.MinPlayers || n > ed.Rules.MaxPlayers {
			return nil, fmt.Errorf("bot: weights for %d players", n)
		}
		if len(stages) != numStages {
			return nil, fmt.Errorf("bot: %d players: %d stages of weights, want %d", n, len(stages), numStages)
		}
		sw := new(stageWeights)
		for st, w := range stages {
			if len(w) != numFeatures {
				return nil, fmt.Errorf("bot: %d players, stage %d: %d weights, want one per feature (%d)", n, st, len(w), numFeatures)
			}
			for i, v := range w {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					return nil, fmt.Errorf("bot: %d players, stage %d: weight of %s is %v", n, st, featureNames[i], v)
				}
				sw[st][i] = v
			}
		}
		mo.m.byPlayers[n] = sw
	}
	return mo, nil
}
