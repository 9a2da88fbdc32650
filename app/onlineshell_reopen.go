package app

import (
	"crypto/ed25519"
	"crypto/sha256"
	"fmt"
)

// Reopening a room is bound to its game. The host draws a 32-byte room secret when it opens
// the room and registers with the signalling server only the Ed25519 public key derived from
// it. At the start it hands the secret to the seated players alone, over the data channels
// the server never reads, and every device stores it with the game. A device that reopens
// the room later derives the same key and signs the server's challenge with it, so:
//
//   - only a device that holds the game (or the host, before the start) can reopen its room
//     while the server remembers its key, even knowing the code;
//   - the secret never reaches the server, and a proof is bound to its nonce and room, so
//     nothing the server sees or stores lets anyone else reopen it;
//   - the server forgets a key some time after the room closed (30 days by default) or on a
//     restart; the next reopen then binds its own key, which for a game's devices is the
//     same key again, so they still meet.
//
// Games saved before there was a room secret derive one from the seed draw's secrets, which
// every seated device stores.

const roomKeyDomain = "brass room key v1"

// roomKey is the private key this device proves the room's ownership with (nil: none): the
// host's room secret while players gather, the game's once it began.
func (o *Online) roomKey() ed25519.PrivateKey {
	var secret string
	if l, ok := o.lobby(); ok {
		secret = l.RoomSecret()
	} else if secret = o.saved.Online.RoomSecret; secret == "" {
		secret = seedRoomSecret(o.saved.ID, o.saved.Online.Secrets)
	}
	if secret == "" {
		return nil
	}
	return roomKeyFrom(secret)
}

// roomKeyFrom derives the room's key from its secret, the same on every device.
func roomKeyFrom(secret string) ed25519.PrivateKey {
	seed := sha256.Sum256([]byte(roomKeyDomain + "\x00" + secret))
	return ed25519.NewKeyFromSeed(seed[:])
}

// seedRoomSecret is the room secret of a game saved without one: a hash of its seed draw's
// secrets, which only its players' devices hold ("" when the draw is not stored).
func seedRoomSecret(game string, secrets []string) string {
	if len(secrets) == 0 {
		return ""
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00from-seed\x00%s", roomKeyDomain, game)
	for _, s := range secrets {
		fmt.Fprintf(h, "\x00%s", s)
	}
	return fmt.Sprintf("%x", h.Sum(nil))
}
