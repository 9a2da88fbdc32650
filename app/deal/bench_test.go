package deal

import (
	"testing"
)

// The benchmarks measure one device's time at 4 seats with a 64-card deck, the issue's
// targets: shuffle and initial deal ≤ 1.5 s, a refill draw ≤ 50 ms, the audit ≤ 2 s (in
// wasm). Each reports its time in milliseconds as well.

const benchSeats, benchCards = 4, 64

// benchDeal runs an honest deal's passes and returns the devices and every pass.
func benchDeal(b *testing.B) ([]*Deal, []Pass) {
	devs := devices(b, "bench/deck", testCards(benchCards), benchSeats, 1)
	var passes []Pass
	for range 2 * benchSeats {
		p := makePass(b, devs)
		broadcastPass(b, devs, p)
		passes = append(passes, p)
	}
	return devs, passes
}

func reportMs(b *testing.B, unit string) {
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), unit)
}

// BenchmarkShufflePass is one seat's shuffle pass: 64 keyed entries in a random order.
func BenchmarkShufflePass(b *testing.B) {
	d, err := New("bench/deck", testCards(benchCards), benchSeats, 0, seeded(1, 0))
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for range b.N {
		if _, err := d.Shuffle(); err != nil {
			b.Fatal(err)
		}
		d.passes, d.decks = d.passes[:0], d.decks[:0]
	}
	reportMs(b, "ms/pass")
}

// BenchmarkLockPass is one seat's locking pass: 64 fresh keys, each entry re-keyed.
func BenchmarkLockPass(b *testing.B) {
	devs, _ := benchDeal(b)
	d := devs[0]
	d.passes, d.decks = d.passes[:benchSeats], d.decks[:benchSeats]
	b.ResetTimer()
	for range b.N {
		if _, err := d.Lock(); err != nil {
			b.Fatal(err)
		}
		d.passes, d.decks = d.passes[:benchSeats], d.decks[:benchSeats]
	}
	reportMs(b, "ms/pass")
}

// BenchmarkAcceptPass is checking another seat's pass: 64 points decoded, each checked to
// be in the prime-order group.
func BenchmarkAcceptPass(b *testing.B) {
	_, passes := benchDeal(b)
	d, err := New("bench/deck", testCards(benchCards), benchSeats, 1, seeded(1, 1))
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for range b.N {
		if err := d.AcceptPass(passes[0]); err != nil {
			b.Fatal(err)
		}
		d.passes, d.decks = d.passes[:0], d.decks[:0]
	}
	reportMs(b, "ms/pass")
}

// BenchmarkSetup is the whole setup as seat 0's device sees it: the card encoding, its
// own two passes and checking the six passes of the three other seats.
func BenchmarkSetup(b *testing.B) {
	_, passes := benchDeal(b)
	b.ResetTimer()
	for range b.N {
		d, err := New("bench/deck", testCards(benchCards), benchSeats, 0, seeded(1, 0))
		if err != nil {
			b.Fatal(err)
		}
		for step, p := range passes {
			switch step {
			case 0:
				_, err = d.Shuffle()
			case benchSeats:
				_, err = d.Lock()
			default:
				err = d.AcceptPass(p)
			}
			if err != nil {
				b.Fatal(err)
			}
		}
	}
	reportMs(b, "ms/setup")
}

// BenchmarkRefillDraw is a card drawn into seat 0's hand, on seat 0's device (three seats'
// keys checked, the card opened) and on seat 1's (its key published, the two other seats'
// keys checked).
func BenchmarkRefillDraw(b *testing.B) {
	devs, _ := benchDeal(b)
	const j = 20
	var keys []Keys
	for s := 1; s < benchSeats; s++ {
		devs[s].Give(j, 0)
		k, err := devs[s].KeysFor(j)
		if err != nil {
			b.Fatal(err)
		}
		keys = append(keys, k)
	}
	b.Run("receiver", func(b *testing.B) {
		d := devs[0]
		for range b.N {
			for s := range d.keys {
				if s != d.me {
					d.keys[s][j] = nil
				}
			}
			d.decoded[j], d.given[j] = -1, NoSeat
			if err := d.Give(j, 0); err != nil {
				b.Fatal(err)
			}
			for _, k := range keys {
				if err := d.AcceptKeys(k); err != nil {
					b.Fatal(err)
				}
			}
			if _, _, ok, err := d.Card(j); !ok || err != nil {
				b.Fatal(ok, err)
			}
		}
		reportMs(b, "ms/draw")
	})
	b.Run("other", func(b *testing.B) {
		d := devs[1]
		for range b.N {
			d.keys[2][j], d.keys[3][j] = nil, nil
			if _, err := d.KeysFor(j); err != nil {
				b.Fatal(err)
			}
			for _, k := range keys[1:] {
				if err := d.AcceptKeys(k); err != nil {
					b.Fatal(err)
				}
			}
		}
		reportMs(b, "ms/draw")
	})
}

// BenchmarkAudit is the full audit on one device: every key checked against its commitment,
// every pass re-run, every position opened.
func BenchmarkAudit(b *testing.B) {
	devs, _ := benchDeal(b)
	all := auditKeys(b, devs)
	b.ResetTimer()
	for range b.N {
		if _, err := devs[0].Audit(all); err != nil {
			b.Fatal(err)
		}
	}
	reportMs(b, "ms/audit")
}
