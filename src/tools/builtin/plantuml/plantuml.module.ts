import { Module } from '@nestjs/common';
import { provideFeatureConfig } from '../../../core/config';
import { EncodePlantUmlTool } from './encode-plantuml.tool';
import { PlantUmlConfig } from './plantuml.config';

@Module({ providers: [provideFeatureConfig(PlantUmlConfig), EncodePlantUmlTool] })
export class PlantUmlModule {}
