S He go to school yesterday .
A 1 2|||R:VERB:TENSE|||went|||REQUIRED|||-NONE-|||0
A 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||1

S This is a apple .
A 2 3|||R:DET|||an|||REQUIRED|||-NONE-|||0
A 2 3|||UNK|||the|||REQUIRED|||-NONE-|||1

S Fine .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0

S We discussed about the problem .
A 2 3|||U:PREP||||||REQUIRED|||-NONE-|||10
A 3 4|||R:DET|||this|||REQUIRED|||-NONE-|||2

