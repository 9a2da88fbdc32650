package main

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

// The committed icons in web/ must be what this program draws. PNGs are
// compared by pixels (the encoder's bytes may change between Go releases),
// allowing a few edge pixels to differ (floating-point contraction differs
// between architectures).
func TestCommittedIconsAreUpToDate(t *testing.T) {
	files, err := icons()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		committed, err := os.ReadFile(filepath.Join("..", "..", "web", f.name))
		if err != nil {
			t.Fatal(err)
		}
		if filepath.Ext(f.name) != ".png" {
			if !bytes.Equal(committed, f.data) {
				t.Errorf("web/%s differs from the generator's output: run go run ./tools/icons", f.name)
			}
			continue
		}
		want := decode(t, f.data)
		got := decode(t, committed)
		if got.Bounds() != want.Bounds() {
			t.Errorf("web/%s: bounds %v, want %v", f.name, got.Bounds(), want.Bounds())
			continue
		}
		if !samePixels(got, want) {
			t.Errorf("web/%s differs from the generator's output: run go run ./tools/icons", f.name)
		}
	}
}

func TestIconSizesAndOpaque(t *testing.T) {
	files, err := icons()
	if err != nil {
		t.Fatal(err)
	}
	sizes := map[string]int{"icon-192.png": 192, "icon-512.png": 512}
	for _, f := range files {
		size, ok := sizes[f.name]
		if !ok {
			continue
		}
		img := decode(t, f.data)
		if b := img.Bounds(); b.Dx() != size || b.Dy() != size {
			t.Errorf("%s is %dx%d, want %dx%d", f.name, b.Dx(), b.Dy(), size, size)
		}
		// Maskable icons must be full-bleed: every pixel opaque.
		for y := 0; y < size; y++ {
			for x := 0; x < size; x++ {
				if _, _, _, a := img.At(x, y).RGBA(); a != 0xffff {
					t.Fatalf("%s: pixel (%d,%d) not opaque", f.name, x, y)
				}
			}
		}
	}
	// The cog stays inside the maskable safe zone (radius 0.8).
	if tipR >= 0.8 {
		t.Errorf("tipR %v outside the maskable safe zone", tipR)
	}
}

func decode(t *testing.T, b []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// samePixels reports whether fewer than 0.1 % of the pixels differ by more
// than one level in some channel.
func samePixels(a, b image.Image) bool {
	r := a.Bounds()
	differ := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			ar, ag, ab, aa := a.At(x, y).RGBA()
			br, bg, bb, ba := b.At(x, y).RGBA()
			if far(ar, br) || far(ag, bg) || far(ab, bb) || far(aa, ba) {
				differ++
			}
		}
	}
	return differ*1000 < r.Dx()*r.Dy()
}

// far compares two 16-bit channel values at 8-bit precision.
func far(a, b uint32) bool {
	d := int(a>>8) - int(b>>8)
	return d > 1 || d < -1
}
