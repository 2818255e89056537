from pixelkiln.cli import main

main()
