package board

// Screen layout of the Brass: Lancashire board: pure data keyed by the engine's ids, on the
// same viewBox and progress track as Birmingham's. It follows the real map's geography as
// the fact sheet's adjacency implies: north at the top, Barrow and Lancaster top left with
// Scotland above them, Colne and Yorkshire top right, the coast (Fleetwood, Blackpool,
// Southport, Liverpool, Birkenhead) down the left, Manchester and its ring in the middle
// right, Northwich, Macclesfield and the Midlands at the bottom.

// lancashireTownLayout places the 19 towns: the centre of each box, its build spaces and
// their columns.
var lancashireTownLayout = map[string]townSpec{
	"barrow":             {pt{140, 150}, 2, 2},
	"lancaster":          {pt{330, 212}, 2, 2},
	"colne":              {pt{800, 150}, 2, 2},
	"fleetwood":          {pt{150, 310}, 1, 1},
	"burnley":            {pt{672, 262}, 2, 2},
	"preston":            {pt{350, 372}, 3, 3},
	"blackburn":          {pt{560, 400}, 3, 3},
	"bury":               {pt{722, 478}, 2, 2},
	"wigan":              {pt{340, 560}, 2, 2},
	"bolton":             {pt{540, 545}, 3, 3},
	"rochdale":           {pt{860, 565}, 3, 3},
	"manchester":         {pt{660, 684}, 4, 2},
	"oldham":             {pt{870, 706}, 2, 2},
	"liverpool":          {pt{185, 724}, 4, 2},
	"warrington_runcorn": {pt{415, 745}, 2, 2},
	"stockport":          {pt{760, 842}, 2, 2},
	"birkenhead":         {pt{92, 878}, 1, 1},
	"ellesmere_port":     {pt{250, 888}, 1, 1},
	"macclesfield":       {pt{790, 966}, 2, 2},
}

// lancashirePlaceLayout places the external locations (Scotland, Yorkshire, the Midlands)
// and the link-VP locations (Blackpool, Southport, Northwich).
var lancashirePlaceLayout = map[string]pt{
	"scotland":     {340, 90},
	"yorkshire":    {880, 332},
	"the_midlands": {600, 1000},
	"blackpool":    {112, 422},
	"southport":    {112, 565},
	"northwich":    {412, 952},
}

// lancashireLinkLayout has an entry for every one of the 36 lines: all straight.
var lancashireLinkLayout = map[string]linkSpec{
	"barrow-lancaster":                  {},
	"birkenhead-ellesmere_port":         {},
	"blackburn-bolton":                  {},
	"blackburn-burnley":                 {},
	"blackburn-preston":                 {},
	"blackburn-wigan":                   {},
	"blackpool-preston":                 {},
	"bolton-bury":                       {},
	"bolton-manchester":                 {},
	"bolton-wigan":                      {},
	"burnley-bury":                      {},
	"burnley-colne":                     {},
	"bury-manchester":                   {},
	"bury-rochdale":                     {},
	"colne-yorkshire":                   {},
	"ellesmere_port-liverpool":          {},
	"ellesmere_port-northwich":          {},
	"ellesmere_port-warrington_runcorn": {},
	"fleetwood-preston":                 {},
	"lancaster-preston":                 {},
	"lancaster-scotland":                {},
	"liverpool-southport":               {},
	"liverpool-warrington_runcorn":      {},
	"liverpool-wigan":                   {},
	"macclesfield-stockport":            {},
	"macclesfield-the_midlands":         {},
	"manchester-oldham":                 {},
	"manchester-stockport":              {},
	"manchester-warrington_runcorn":     {},
	"northwich-the_midlands":            {},
	"oldham-rochdale":                   {},
	"preston-southport":                 {},
	"preston-wigan":                     {},
	"rochdale-yorkshire":                {},
	"southport-wigan":                   {},
	"warrington_runcorn-wigan":          {},
}

// lancashireVirtualLayout shapes the original rules' Liverpool–Birkenhead virtual link
// (across the Mersey), keyed by the engine's virtual link id.
var lancashireVirtualLayout = map[string]linkSpec{
	"liverpool-birkenhead": {},
}

// lancashireSpec is the whole Lancashire board: the coal and iron demand tracks (8 spaces
// each) in the empty north between Scotland and Burnley, the Distant Market with the cotton
// demand track in the south-west corner, the key in the south-east.
var lancashireSpec = boardSpec{
	Towns:        lancashireTownLayout,
	Places:       lancashirePlaceLayout,
	Links:        lancashireLinkLayout,
	VirtualLinks: lancashireVirtualLayout,
	Coal:         marketSpec{pt{452, 48}, 8},
	Iron:         marketSpec{pt{548, 48}, 8},
	Compass:      pt{232, 286},
	Key:          pt{866, 790},
	Distant:      &pt{50, 938},
}
