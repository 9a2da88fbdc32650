package deal

import (
	"crypto/elliptic"
	"math/big"
	"testing"
)

// The group's constants are P-256's, as crypto/elliptic gives them.
func TestGroupConstants(t *testing.T) {
	params := elliptic.P256().Params()
	for name, c := range map[string][2]*big.Int{
		"n": {groupOrder, params.N}, "p": {fieldPrime, params.P}, "b": {curveB, params.B},
	} {
		if c[0].Cmp(c[1]) != 0 {
			t.Fatalf("%s is %x, want %x", name, c[0], c[1])
		}
	}
}

// Masking through crypto/ecdh agrees with crypto/elliptic's scalar multiplication (a
// second implementation of the same curve), masks commute, and a key's inverse unmasks.
func TestGroupMasking(t *testing.T) {
	r := seeded(5, 5)
	p := hashToPoint("g/deck", entry{card: 3, copy: 1})
	for range 8 {
		a, _ := randomKey(r)
		b, _ := randomKey(r)
		ax, ay := elliptic.UnmarshalCompressed(elliptic.P256(), append([]byte{2}, p.x[:]...))
		wantX, _ := elliptic.P256().ScalarMult(ax, ay, a.FillBytes(make([]byte, 32)))
		if got := mult(a, p); new(big.Int).SetBytes(got.x[:]).Cmp(wantX) != 0 {
			t.Fatalf("a·P is %x, crypto/elliptic says %x", got.x, wantX)
		}
		ab, ba := mult(a, mult(b, p)), mult(b, mult(a, p))
		if !ab.equal(ba) || !mult(times(a, b), p).equal(ab) {
			t.Fatal("masks do not commute")
		}
		if !mult(inverse(a), mult(a, p)).equal(p) || !mult(inverse(times(a, b)), ab).equal(p) {
			t.Fatal("a key's inverse does not unmask")
		}
	}
}
