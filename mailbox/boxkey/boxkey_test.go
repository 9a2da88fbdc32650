package boxkey

import (
	"bytes"
	"crypto/rand"
	"testing"

	"golang.org/x/crypto/curve25519"
	"golang.org/x/crypto/nacl/box"
)

// TestBoxKeysAreX25519Keys: a box key's public half is X25519's own for its private half
// (computed through edwards25519, as the page does), and a body sealed to it opens with it,
// and with no other seat's key.
func TestBoxKeysAreX25519Keys(t *testing.T) {
	for i := 0; i < 32; i++ {
		seed := make([]byte, 32)
		rand.Read(seed)
		k, err := From(seed)
		if err != nil {
			t.Fatal(err)
		}
		want, err := curve25519.X25519(k.Private[:], curve25519.Basepoint)
		if err != nil || !bytes.Equal(want, k.Public[:]) {
			t.Fatalf("seed %x: public key %x, X25519 gives %x (%v)", seed, k.Public, want, err)
		}
		sealed, err := box.SealAnonymous(nil, []byte("for this seat"), &k.Public, rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		if got, ok := box.OpenAnonymous(nil, sealed, &k.Public, &k.Private); !ok || string(got) != "for this seat" {
			t.Fatal("a body sealed to a box key does not open with it")
		}
		other, _ := From(append(seed[1:], seed[0]+1))
		if _, ok := box.OpenAnonymous(nil, sealed, &other.Public, &other.Private); ok {
			t.Fatal("a body sealed to one box key opens with another")
		}
	}
}
