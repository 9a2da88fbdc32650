package app

// Drafts, whether a game's final scores were seen, and the player's profile: what a device
// keeps besides its games. A draft is the action a player was half-way through building,
// kept per game so a reload restores it (the UI decides what it holds, as JSON); a finished
// game whose final scores its players closed reopens with them folded away; deleting a game
// deletes both. The profile is the name and colour this device's player last used online.

const (
	draftKeyPrefix = "brass/draft/"       // + game id → the UI's draft
	seenKeyPrefix  = "brass/scores-seen/" // + game id → true once the final scores were closed
	profileKey     = "brass/profile"
)

func draftKey(gameID string) string { return draftKeyPrefix + gameID }

// SaveDraft keeps the UI's draft for a game.
func SaveDraft(store Store, gameID string, draft any) error {
	return store.Set(draftKey(gameID), draft)
}

// LoadDraft reads a game's draft into draft (a pointer); false when there is none.
func LoadDraft(store Store, gameID string, draft any) (bool, error) {
	return store.Get(draftKey(gameID), draft)
}

// DeleteDraft forgets a game's draft.
func DeleteDraft(store Store, gameID string) error { return store.Del(draftKey(gameID)) }

// MarkFinalScoresSeen remembers that the players closed a finished game's final scores.
func MarkFinalScoresSeen(store Store, gameID string) error {
	return store.Set(seenKeyPrefix+gameID, true)
}

// FinalScoresSeen reports whether the players closed this game's final scores before.
func FinalScoresSeen(store Store, gameID string) bool {
	var seen bool
	ok, err := store.Get(seenKeyPrefix+gameID, &seen)
	return ok && err == nil && seen
}

// Profile is the name and colour this device's player uses online.
type Profile struct {
	Name   string `json:"name"`
	Colour string `json:"colour"`
}

// SaveProfile remembers the player's online name and colour.
func SaveProfile(store Store, p Profile) error { return store.Set(profileKey, p) }

// LoadProfile returns the remembered profile; false when there is none (or it is damaged).
func LoadProfile(store Store) (Profile, bool) {
	var p Profile
	ok, err := store.Get(profileKey, &p)
	return p, ok && err == nil
}
