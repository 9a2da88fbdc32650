package bot

import "brass/engine"

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
