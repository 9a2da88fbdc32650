package app

import (
	"fmt"

	"brass/app/online"
)

// Test access to an online session's core.

// testReplica is the game's replica, or nil in the lobby.
func (o *Online) testReplica() *online.Replica {
	r, _ := o.game()
	return r
}

// testLobby is the lobby, or nil once the game began.
func (o *Online) testLobby() *online.Lobby {
	l, _ := o.core.(*online.Lobby)
	return l
}

// testIdentity is this device's signing key for the game (from its store), as a modified
// device would use it.
func (o *Online) testIdentity() online.Identity {
	id, err := online.IdentityFromSeed(o.saved.Online.KeySeed)
	if err != nil {
		panic(err)
	}
	return id
}

func hashString(h uint64) string { return fmt.Sprintf("%016x", h) }
