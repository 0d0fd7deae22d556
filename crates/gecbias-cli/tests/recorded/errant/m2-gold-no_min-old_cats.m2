S He go to school yesterday .
A 1 2|||Vt|||went|||REQUIRED|||-NONE-|||0
A 1 2|||SVA|||goes|||REQUIRED|||-NONE-|||1

S This is a apple .
A 2 4|||ArtOrDet|||an apple|||REQUIRED|||-NONE-|||0
A 2 3|||Um|||the|||REQUIRED|||-NONE-|||1

S Fine .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0

S We discussed about the problem .
A 2 3|||Prep||||||REQUIRED|||-NONE-|||10
A 3 4|||ArtOrDet|||this|||REQUIRED|||-NONE-|||2

