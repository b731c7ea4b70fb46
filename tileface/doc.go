// Package tileface holds the drawn faces of the mahjong tiles: the ranks,
// the characters of the winds, dragons and 萬, the circles and bamboo, all
// as SVG path shapes in the project's own hand. The status page draws them
// as SVG (Shapes, served as a script by web) and the table panel rasterizes
// the same shapes (Mask), so no view depends on a font holding Chinese
// characters: a kiosk or a laptop without CJK fonts shows the same tiles.
//
// A face is 30 units wide and 40 high (the SVG viewBox "0 0 30 40"), the
// frame of the tile left to the view that draws it.
package tileface
