package mailroom

import (
	"encoding/hex"
	"encoding/json"

	"brass/mailbox"
)

// WatchedSetup reads an own-pace game's setup (its time per turn) from an envelope of its
// log, for a watcher, who holds no invitation: a lobby envelope signed by the one key whose
// hash is the game's id (the invitation's), holding the host's setup signed by the seat key
// it names. ok is false for any other envelope.
func WatchedSetup(e mailbox.Envelope) (Setup, bool) {
	signer, signed := e.Signer()
	if !signed || e.Kind != mailbox.KindLobby || mailbox.GameID(signer) != e.Game || !e.Verify() {
		return Setup{}, false
	}
	var b lobbyBody
	raw, ok := mailbox.Decode64(e.Game, 16)
	if !ok || json.Unmarshal(e.Body, &b) != nil || b.T != "setup" || b.Setup == nil || !b.verify(hex.EncodeToString(raw)) {
		return Setup{}, false
	}
	s := *b.Setup
	if checkSetup(&s) != nil {
		return Setup{}, false
	}
	return s, true
}
