import RippleTour

await Tour.run()
