package online

import (
	"crypto/ed25519"
	"encoding/base64"
	"errors"
	"fmt"
	"io"

	"brass/mailbox/boxkey"
)

// PublicKey is a device's Ed25519 public key for one game, as unpadded URL-safe base64 (43
// characters): the form it has in messages and stored games.
type PublicKey string

// Identity is this device's key pair for one game. Its private half never leaves the device
// (it is stored with the game, so a reload can go on signing).
type Identity struct {
	priv ed25519.PrivateKey
}

// NewIdentity makes a key pair from the random source (crypto/rand.Reader in the client; a
// seeded reader in tests and the simulator).
func NewIdentity(random io.Reader) (Identity, error) {
	_, priv, err := ed25519.GenerateKey(random)
	if err != nil {
		return Identity{}, fmt.Errorf("making a key pair: %w", err)
	}
	return Identity{priv: priv}, nil
}

// IdentityFromSeed rebuilds a stored identity from its 32-byte seed.
func IdentityFromSeed(seed []byte) (Identity, error) {
	if len(seed) != ed25519.SeedSize {
		return Identity{}, fmt.Errorf("a key seed has %d bytes, not %d", ed25519.SeedSize, len(seed))
	}
	return Identity{priv: ed25519.NewKeyFromSeed(seed)}, nil
}

// Seed is what to store to rebuild the identity (IdentityFromSeed).
func (id Identity) Seed() []byte { return id.priv.Seed() }

// Public is the key others check this device's signatures with.
func (id Identity) Public() PublicKey {
	return encodeKey(id.priv.Public().(ed25519.PublicKey))
}

func (id Identity) sign(msg []byte) []byte { return ed25519.Sign(id.priv, msg) }

// BoxKey is an X25519 public key for one game, in the same 43-character form as a
// PublicKey: what a mailbox carries to this seat alone is sealed to it (mailbox.Seal).
type BoxKey string

// Box is this device's X25519 key pair for the game, derived from the signing key's seed
// under a domain of its own, so a stored game keeps one secret for both.
func (id Identity) Box() boxkey.Key {
	k, _ := boxkey.From(id.priv.Seed()) // (a 32-byte seed cannot fail)
	return k
}

// BoxPublic is the public half of Box, as the genesis binds it.
func (id Identity) BoxPublic() BoxKey {
	k := id.Box()
	return BoxKey(base64.RawURLEncoding.EncodeToString(k.Public[:]))
}

// Bytes decodes a box key; ok is false for a malformed one.
func (k BoxKey) Bytes() (b [32]byte, ok bool) {
	if len(k) != 43 {
		return b, false
	}
	raw, err := base64.RawURLEncoding.DecodeString(string(k))
	copy(b[:], raw)
	return b, err == nil && len(raw) == 32
}

func encodeKey(k ed25519.PublicKey) PublicKey {
	return PublicKey(base64.RawURLEncoding.EncodeToString(k))
}

// errBadKey is a key that is not 32 bytes of base64.
var errBadKey = errors.New("a public key that is not 32 bytes of URL-safe base64")

// bytes decodes the key; a malformed key is an error, never a panic.
func (k PublicKey) bytes() (ed25519.PublicKey, error) {
	if len(k) != 43 {
		return nil, errBadKey
	}
	b, err := base64.RawURLEncoding.DecodeString(string(k))
	if err != nil || len(b) != ed25519.PublicKeySize {
		return nil, errBadKey
	}
	return ed25519.PublicKey(b), nil
}

// Valid reports whether the key is well formed.
func (k PublicKey) Valid() bool {
	_, err := k.bytes()
	return err == nil
}

// verify checks sig over msg; any malformed input is simply false.
func (k PublicKey) verify(msg, sig []byte) bool {
	pub, err := k.bytes()
	return err == nil && len(sig) == ed25519.SignatureSize && ed25519.Verify(pub, msg, sig)
}
