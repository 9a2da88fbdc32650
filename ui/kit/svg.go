package kit

import goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

// SVGNamespace is the namespace of every SVG element.
const SVGNamespace = "http://www.w3.org/2000/svg"

// Svg returns an SVG element: go-app needs the namespace on every one of them.
func Svg(tag string) goapp.HTMLElem { return goapp.Elem(tag).XMLNS(SVGNamespace) }
