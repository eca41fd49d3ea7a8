define double @f(double %x) {
entry:
  %y = fmul double %x, %x
