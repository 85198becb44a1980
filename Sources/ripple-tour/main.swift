import RippleTour

Tour.run()
