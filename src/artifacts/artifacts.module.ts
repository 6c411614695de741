import { Module } from '@nestjs/common';
import { provideFeatureConfig } from '../core/config';
import { FilesModule } from '../files/files.module';
import { ArtifactsConfig } from './artifacts.config';
import { ArtifactsController } from './artifacts.controller';
import { ArtifactsRepository } from './artifacts.repository';
import { ArtifactsService } from './artifacts.service';
import { LoadArtifactTool } from './load-artifact.tool';
import { ToolResponses } from './tool-responses.service';

/**
 * Tool results of runs as typed artifacts of their session, in the blob store files use; the
 * run-only `load_artifact` tool agents read them with.
 */
@Module({
  imports: [FilesModule],
  controllers: [ArtifactsController],
  providers: [
    provideFeatureConfig(ArtifactsConfig),
    ArtifactsRepository,
    ArtifactsService,
    LoadArtifactTool,
    ToolResponses,
  ],
  exports: [ArtifactsService, ToolResponses],
})
export class ArtifactsModule {}
