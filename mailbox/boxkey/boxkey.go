// Package boxkey derives a seat's X25519 key pair, what a mailbox carries to that seat
// alone is sealed to (mailbox.Envelope.Seal), from the seed of its Ed25519 signing key. It
// is a package of its own, with no sealing in it, so that the page's online protocol can
// bind the key in a game's genesis without linking the sealing code.
package boxkey

import (
	"crypto/hkdf"
	"crypto/sha256"

	"filippo.io/edwards25519"
)

// Key is an X25519 key pair.
type Key struct {
	Public, Private [32]byte
}

const domain = "brass box key v1"

// From derives the key pair from a signing key's 32-byte seed, with a domain of its own
// (HKDF-SHA-256), so the device stores one secret and the two keys stay separate.
func From(seed []byte) (Key, error) {
	var k Key
	priv, err := hkdf.Key(sha256.New, seed, nil, domain, 32)
	if err != nil {
		return k, err
	}
	copy(k.Private[:], priv)
	// X25519's public key is the Montgomery form of the clamped scalar times the base point,
	// which edwards25519 computes: the curve code the page already links for the deal.
	sc, err := edwards25519.NewScalar().SetBytesWithClamping(k.Private[:])
	if err != nil {
		return k, err
	}
	copy(k.Public[:], new(edwards25519.Point).ScalarBaseMult(sc).BytesMontgomery())
	return k, nil
}
