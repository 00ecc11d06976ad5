// Where a loop stands, as Liquid's forloop tells it (index, rindex, first, last…): the one
// definition behind the forloops the preview draws itself (render … for, tablerow).
import { Drop } from 'liquidjs';

export class LoopPositionDrop extends Drop {
  index0 = 0;
  constructor(readonly length: number) {
    super();
  }
  get index(): number {
    return this.index0 + 1;
  }
  get rindex(): number {
    return this.length - this.index0;
  }
  get rindex0(): number {
    return this.length - this.index0 - 1;
  }
  get first(): boolean {
    return this.index0 === 0;
  }
  get last(): boolean {
    return this.index0 === this.length - 1;
  }
}
