S He go to school yesterday .
A 1 2|||R:VERB:TENSE|||went|||REQUIRED|||-NONE-|||0
A 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||1

S I like cat .
A 2 3|||R:NOUN:NUM|||cats|||REQUIRED|||-NONE-|||0
A 2 2|||M:DET|||the|||REQUIRED|||-NONE-|||1

S This is a apple .
A 2 3|||R:DET|||an|||REQUIRED|||-NONE-|||0
A 2 3|||U:DET||||||REQUIRED|||-NONE-|||1

S She have been there since monday .
A 1 2|||R:VERB:SVA|||has|||REQUIRED|||-NONE-|||0
A 5 6|||R:ORTH|||Monday|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S Fine .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S We discussed about the problem and the solution .
A 2 3|||U:PREP||||||REQUIRED|||-NONE-|||0
A 6 7|||R:DET|||its|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

