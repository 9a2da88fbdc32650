package deal

import (
	"crypto/ecdh"
	"crypto/sha512"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/big"
)

// The group is NIST P-256 through Go's crypto/ecdh, with math/big for the arithmetic of
// keys; the app already links both (TLS and DTLS key exchange, certificates), so the deal
// adds no curve code of its own to web/app.wasm, and none is written here. (crypto/elliptic
// would do as well, but its calls go through an interface that links every NIST curve's
// code, P-224's included, which the app does not otherwise use.)
//
// P-256 has prime order (cofactor 1): every point on the curve but the identity is a
// full-order group element, so there is no subgroup to check. ECDH computes the x
// coordinate of k·P, and x(k·P) depends only on x(P) (k·(−P) = −(k·P)), so a point is
// carried by its x alone: masking and unmasking act on x coordinates, and commute.

var (
	curve      = ecdh.P256()
	groupOrder = mustInt("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551") // n
	fieldPrime = mustInt("ffffffff00000001000000000000000000000000ffffffffffffffffffffffff") // p
	curveB     = mustInt("5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b") // b
	sqrtExp    = new(big.Int).Rsh(new(big.Int).Add(fieldPrime, big.NewInt(1)), 2)            // (p+1)/4
)

func mustInt(hex string) *big.Int {
	v, ok := new(big.Int).SetString(hex, 16)
	if !ok {
		panic("deal: bad constant " + hex)
	}
	return v
}

// point is an element of the group other than the identity, known by its x coordinate.
type point struct{ x Point }

// key is a scalar in [1, n): a seat's deck key or position key.
type key = big.Int

func (p point) encode() Point      { return p.x }
func (p point) equal(q point) bool { return p.x == q.x }

// decodePoint accepts only what an honest seat can send: the x coordinate, big-endian and
// below the field's prime, of a point on the curve. The group has prime order, so nothing
// else is needed: no point can carry a small-order component through the masking.
func decodePoint(b Point) (point, error) {
	if _, err := lift(b); err != nil {
		return point{}, err
	}
	return point{b}, nil
}

// lift finds a point with the x coordinate x: y is a square root of x³ − 3x + b, which is
// (x³ − 3x + b)^((p+1)/4) mod p when it exists (p ≡ 3 mod 4); crypto/ecdh checks that the
// point is on the curve, and so that the root was one.
func lift(x Point) (*ecdh.PublicKey, error) {
	xi := new(big.Int).SetBytes(x[:])
	if xi.Cmp(fieldPrime) >= 0 {
		return nil, errors.New("not a canonical x coordinate")
	}
	rhs := new(big.Int).Mul(xi, xi)
	rhs.Sub(rhs, big.NewInt(3)).Mul(rhs, xi).Add(rhs, curveB).Mod(rhs, fieldPrime)
	y := new(big.Int).Exp(rhs, sqrtExp, fieldPrime)
	var enc [1 + 2*pointSize]byte
	enc[0] = 4 // uncompressed
	copy(enc[1:], x[:])
	y.FillBytes(enc[1+pointSize:])
	pub, err := curve.NewPublicKey(enc[:])
	if err != nil {
		return nil, errors.New("not the x coordinate of a point on the curve")
	}
	return pub, nil
}

// pointSize is a point's size on the wire: its x coordinate.
const pointSize = 32

// multiplier is k ready to multiply points: crypto/ecdh's private key for it.
type multiplier struct{ priv *ecdh.PrivateKey }

func newMultiplier(k *key) multiplier {
	var kb [32]byte
	priv, err := curve.NewPrivateKey(k.FillBytes(kb[:]))
	if err != nil {
		panic("deal: a key outside [1, n): " + err.Error()) // keys are checked when made or decoded
	}
	return multiplier{priv}
}

// times is k·P, constant time in k (crypto/internal/fips140/nistec); lifting P is not, but
// P is public.
func (m multiplier) times(p point) point {
	pub, err := lift(p.x)
	if err != nil {
		panic("deal: a point that did not decode: " + err.Error()) // points are checked when made or decoded
	}
	x, err := m.priv.ECDH(pub)
	if err != nil {
		panic("deal: " + err.Error()) // k·P is the identity only for k = 0 mod n
	}
	return point{Point(x)}
}

// mult is k·P for a key used once.
func mult(k *key, p point) point { return newMultiplier(k).times(p) }

// times returns a·b mod n, and inverse k⁻¹ mod n (k is never zero).
func times(a, b *key) *key { return new(key).Mod(new(key).Mul(a, b), groupOrder) }
func inverse(k *key) *key  { return new(key).ModInverse(k, groupOrder) }

// product returns the product mod n of keys[s][j] over every seat s.
func product(keys [][]*key, j int) *key {
	prod := new(key).Set(keys[0][j])
	for s := 1; s < len(keys); s++ {
		prod = times(prod, keys[s][j])
	}
	return prod
}

// encodeKey is a key's canonical encoding: 32 bytes, big-endian.
func encodeKey(k *key) Scalar {
	var out Scalar
	k.FillBytes(out[:])
	return out
}

// decodeKey accepts only a canonical key: below n and not zero.
func decodeKey(b Scalar) (*key, error) {
	k := new(key).SetBytes(b[:])
	if k.Cmp(groupOrder) >= 0 {
		return nil, errors.New("not a canonical scalar")
	}
	if k.Sign() == 0 {
		return nil, errors.New("a zero key")
	}
	return k, nil
}

// randomKey draws a uniformly random key: 64 bytes reduced modulo n (bias below 2^-250),
// drawn again in the (2^-256) case of zero.
func randomKey(r io.Reader) (*key, error) {
	var buf [64]byte
	for {
		if _, err := io.ReadFull(r, buf[:]); err != nil {
			return nil, fmt.Errorf("deal: reading randomness: %w", err)
		}
		k := new(key).Mod(new(key).SetBytes(buf[:]), groupOrder)
		if k.Sign() != 0 {
			return k, nil
		}
	}
}

// cardDomain separates this package's hash-to-point from every other use of SHA-512.
const cardDomain = "brass/app/deal P-256 card v1"

// hashToPoint maps a card to the group by try-and-increment: SHA-512 of the domain, the
// label, the kind, the copy and a counter, its first 32 bytes taken as an x coordinate,
// until one is a point's. About half the candidates are, so a card costs two tries on
// average; the running time depends only on public data.
func hashToPoint(label string, e entry) point {
	var buf []byte
	buf = binary.BigEndian.AppendUint32(buf, uint32(len(cardDomain)))
	buf = append(buf, cardDomain...)
	buf = binary.BigEndian.AppendUint32(buf, uint32(len(label)))
	buf = append(buf, label...)
	buf = binary.BigEndian.AppendUint32(buf, uint32(e.card))
	buf = binary.BigEndian.AppendUint32(buf, uint32(e.copy))
	n := len(buf)
	for ctr := uint32(0); ; ctr++ {
		h := sha512.Sum512(binary.BigEndian.AppendUint32(buf[:n], ctr))
		if p, err := decodePoint(Point(h[:32])); err == nil {
			return p
		}
	}
}
