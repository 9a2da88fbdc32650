package deal

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"filippo.io/edwards25519"
)

// randomKey draws a uniformly random nonzero scalar: 64 bytes reduced modulo the group
// order (bias below 2^-250), drawn again in the (2^-252) case of zero.
func randomKey(r io.Reader) (*edwards25519.Scalar, error) {
	var buf [64]byte
	zero := edwards25519.NewScalar()
	for {
		if _, err := io.ReadFull(r, buf[:]); err != nil {
			return nil, fmt.Errorf("deal: reading randomness: %w", err)
		}
		k, err := edwards25519.NewScalar().SetUniformBytes(buf[:])
		if err != nil {
			return nil, err
		}
		if k.Equal(zero) == 0 {
			return k, nil
		}
	}
}

// randomPerm draws a uniform permutation of 0..n-1 (Fisher–Yates, each index drawn by
// rejection so that no index is likelier than another).
func randomPerm(r io.Reader, n int) ([]int, error) {
	perm := make([]int, n)
	for i := range perm {
		perm[i] = i
	}
	var buf [4]byte
	for i := n - 1; i > 0; i-- {
		bound := uint32(i + 1)
		limit := ^uint32(0) - (^uint32(0) % bound) // a multiple of bound
		var j uint32
		for {
			if _, err := io.ReadFull(r, buf[:]); err != nil {
				return nil, fmt.Errorf("deal: reading randomness: %w", err)
			}
			if v := binary.BigEndian.Uint32(buf[:]); v < limit {
				j = v % bound
				break
			}
		}
		perm[i], perm[j] = perm[j], perm[i]
	}
	return perm, nil
}

// commitDomain separates key commitments from every other use of SHA-256.
const commitDomain = "brass/app/deal key commitment v1"

// deckKeyPos is the position a deck key's commitment names, apart from every deck position.
const deckKeyPos = -1

// commit binds a seat to a key before anyone sees it: SHA-256 of the domain, the deal, the
// seat, the position (deckKeyPos for the deck key) and the key. A key is 252 random bits,
// so the digest hides it; SHA-256 is collision resistant, so a seat cannot later publish
// another key that matches. It lets every device check a published key at once.
func commit(label string, seat, pos int, k *edwards25519.Scalar) Digest {
	h := sha256.New()
	var buf []byte
	buf = binary.BigEndian.AppendUint32(buf, uint32(len(commitDomain)))
	buf = append(buf, commitDomain...)
	buf = binary.BigEndian.AppendUint32(buf, uint32(len(label)))
	buf = append(buf, label...)
	buf = binary.BigEndian.AppendUint32(buf, uint32(seat))
	buf = binary.BigEndian.AppendUint32(buf, uint32(int32(pos)))
	buf = append(buf, k.Bytes()...)
	h.Write(buf)
	return Digest(h.Sum(nil))
}

// minusOne is ℓ-1: P is in the prime-order subgroup exactly when (ℓ-1)·P = -P.
var minusOne = edwards25519.NewScalar().Negate(mustScalar(1))

func mustScalar(v byte) *edwards25519.Scalar {
	var b [32]byte
	b[0] = v
	s, err := edwards25519.NewScalar().SetCanonicalBytes(b[:])
	if err != nil {
		panic(err)
	}
	return s
}

// decodePoint accepts only what an honest seat can send: the canonical encoding of a point
// of the prime-order subgroup other than the identity. (SetBytes alone accepts
// non-canonical encodings, and points with a small-order component, which could carry a
// few bits of a card through the masking.)
func decodePoint(b Point) (*edwards25519.Point, error) {
	p, err := new(edwards25519.Point).SetBytes(b[:])
	if err != nil {
		return nil, errors.New("not a point on the curve")
	}
	if !bytes.Equal(p.Bytes(), b[:]) {
		return nil, errors.New("not the canonical encoding of its point")
	}
	if p.Equal(edwards25519.NewIdentityPoint()) == 1 {
		return nil, errors.New("the identity")
	}
	q := varMult(minusOne, p)
	if q.Add(q, p).Equal(edwards25519.NewIdentityPoint()) != 1 {
		return nil, errors.New("not in the prime-order subgroup")
	}
	return p, nil
}

// decodeKey accepts only a canonical nonzero scalar.
func decodeKey(b Scalar) (*edwards25519.Scalar, error) {
	k, err := edwards25519.NewScalar().SetCanonicalBytes(b[:])
	if err != nil {
		return nil, errors.New("not a canonical scalar")
	}
	if k.Equal(edwards25519.NewScalar()) == 1 {
		return nil, errors.New("a zero key")
	}
	return k, nil
}

// varMult is k·P in variable time, for public keys and points only (checks and the audit).
func varMult(k *edwards25519.Scalar, p *edwards25519.Point) *edwards25519.Point {
	return new(edwards25519.Point).VarTimeMultiScalarMult([]*edwards25519.Scalar{k}, []*edwards25519.Point{p})
}

// mult is k·P in constant time, for a secret k.
func mult(k *edwards25519.Scalar, p *edwards25519.Point) *edwards25519.Point {
	return new(edwards25519.Point).ScalarMult(k, p)
}
